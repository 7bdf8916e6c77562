import { acceptAttribute, type FileTypes, fileProblem } from '../../../components/file-check.ts';

/** The kinds of file the product pages take as documents and as images; the server checks the content again. */
export const DOCUMENT_TYPES: FileTypes = { extensions: ['pdf', 'jpg', 'jpeg', 'png', 'webp', 'docx', 'xlsx'] };
const IMAGE_TYPES: FileTypes = { extensions: ['jpg', 'jpeg', 'png', 'webp'] };

export const DOCUMENT_ACCEPT = acceptAttribute(DOCUMENT_TYPES);
export const IMAGE_ACCEPT = '.jpg,.jpeg,.png,.webp,image/jpeg,image/png,image/webp';

export type UploadProblem = 'wrongType' | 'tooLarge' | null;

export function uploadProblem(file: { name: string; size: number }, images = false): UploadProblem {
  return fileProblem(file, images ? IMAGE_TYPES : DOCUMENT_TYPES);
}
