import { useTranslation } from 'react-i18next';
import { FileField, type FileFieldControlProps, type UploadedFile } from '../../../components/FileField.tsx';
import { type FileTypes, fileProblem } from '../../../components/file-check.ts';
import { openFetched } from '../../../lib/open-blob.ts';
import { organizationApi } from '../api.ts';

export type LicenseValue = UploadedFile;

/** A business licence is a PDF, JPG or PNG (a renamed file of another type is refused), up to the server's 20 MB. */
const LICENSE_TYPES: FileTypes = {
  extensions: ['pdf', 'jpg', 'jpeg', 'png'],
  mimeTypes: ['application/pdf', 'image/jpeg', 'image/png'],
};

/** Whether a chosen file may be a business licence; the server checks the content again. */
export function licenseFileProblem(file: { name: string; type: string; size: number }) {
  return fileProblem(file, LICENSE_TYPES);
}

/** The business licence field: the value is the uploaded file's id and name; the name opens the file. */
export function LicenseUpload(props: FileFieldControlProps<LicenseValue>) {
  const { t } = useTranslation('organization');
  return (
    <FileField
      {...props}
      types={LICENSE_TYPES}
      upload={organizationApi.upload}
      open={(file) => void openFetched(() => organizationApi.download(file.id), file.name)}
      text={{
        button: t('upload.button'),
        wrongType: t('upload.wrongType'),
        tooLarge: t('upload.tooLarge'),
        failed: (message) => t('upload.failed', { message }),
      }}
    />
  );
}
