import { MAX_UPLOAD_MB } from '@jcbb/contract';
import { useTranslation } from 'react-i18next';
import { FileField, type FileFieldControlProps, type UploadedFile } from '../../../components/FileField.tsx';
import { certificateApi } from '../api.ts';
import { CERTIFICATE_NS } from '../locales/register.ts';

export type EvidenceFile = UploadedFile;

/** The most evidence files of one application (the contract's limit of evidenceUploadIds). */
const MAX_FILES = 20;

/**
 * Evidence files of an application: each is uploaded at once, the form keeps their ids and names. The value is a
 * list, empty rather than undefined (the form starts from []). Any kind of file: the server judges by content.
 */
export function EvidenceUpload({
  onChange,
  ...props
}: Omit<FileFieldControlProps<EvidenceFile[]>, 'onChange'> & { onChange?: (files: EvidenceFile[]) => void }) {
  const { t } = useTranslation(CERTIFICATE_NS);
  return (
    <FileField
      {...props}
      multiple
      maxCount={MAX_FILES}
      onChange={(files) => onChange?.(files ?? [])}
      upload={certificateApi.upload}
      text={{
        button: t('apply.upload'),
        tooLarge: t('apply.tooLarge', { mb: MAX_UPLOAD_MB }),
        tooMany: t('apply.tooMany', { max: MAX_FILES }),
        failed: (message) => message,
      }}
    />
  );
}
