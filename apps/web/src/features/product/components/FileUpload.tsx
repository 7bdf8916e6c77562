import { useTranslation } from 'react-i18next';
import { FileField, type FileFieldControlProps, type UploadedFile } from '../../../components/FileField.tsx';
import { openFetched } from '../../../lib/open-blob.ts';
import { productApi } from '../api.ts';
import { DOCUMENT_TYPES } from './upload-check.ts';

export type UploadedRef = UploadedFile;

/** One product document (PDF, image, DOCX, XLSX up to 20 MB): the value is its id and name; the name opens it. */
export function FileUpload(props: FileFieldControlProps<UploadedRef>) {
  const { t } = useTranslation('product');
  return (
    <FileField
      {...props}
      types={DOCUMENT_TYPES}
      upload={productApi.upload}
      open={(file) => void openFetched(() => productApi.download(file.id), file.name)}
      text={{
        button: t('doc.upload'),
        wrongType: t('doc.wrongType'),
        tooLarge: t('doc.tooLarge'),
        failed: (message) => t('doc.uploadFailed', { message }),
      }}
    />
  );
}
