import { UploadOutlined } from '@ant-design/icons';
import { App, Button, Upload, type UploadFile, type UploadProps } from 'antd';
import { type AriaAttributes, type ReactNode, useId, useRef, useState } from 'react';
import { ApiError } from '../lib/http.ts';
import { acceptAttribute, type FileTypes, fileProblem, MAX_UPLOAD_BYTES } from './file-check.ts';

/** An uploaded file as a form keeps it: the upload's id (what the server takes) and its name (what is shown). */
export interface UploadedFile {
  id: number;
  name: string;
}

/**
 * What antd's Form.Item hands its control: value and onChange, the id its label points at, and the ids of its
 * hint (`extra`) and error, which the upload button announces.
 */
export interface FileFieldControlProps<V> {
  id?: string;
  value?: V | null;
  onChange?: (value: V | undefined) => void;
  /** Read-only: the files stay listed (and open), with neither the upload button nor remove buttons. */
  disabled?: boolean;
  'aria-describedby'?: string;
  'aria-invalid'?: AriaAttributes['aria-invalid'];
}

/** The field's words, in the feature's own namespace (their copy differs from feature to feature). */
export interface FileFieldText {
  button: ReactNode;
  /** A file of a kind not among `types`. */
  wrongType?: string;
  tooLarge: string;
  /** One file more than `maxCount` (multiple only). */
  tooMany?: string;
  /** A failed upload, given the server's message. */
  failed: (message: string) => string;
}

interface CommonProps {
  /** Kinds of file taken (the picker's filter and a check); without it any kind, the server judging by content. */
  types?: FileTypes;
  /** Largest file in bytes; the server's limit unless smaller. */
  maxBytes?: number;
  /** Sends one file (POST /api/file/upload through the feature's api) and answers its id and name. */
  upload: (file: File) => Promise<UploadedFile>;
  /** Opens an uploaded file: its name becomes a button. */
  open?: (file: UploadedFile) => void;
  text: FileFieldText;
}

/** One file (the value is the file or undefined), or several (the value is the list, undefined when empty). */
export type FileFieldProps = CommonProps &
  (
    | ({ multiple?: false } & FileFieldControlProps<UploadedFile>)
    | ({ multiple: true; maxCount: number } & FileFieldControlProps<UploadedFile[]>)
  );

/**
 * A form field of uploaded files: each chosen file is checked here (kind, size, count), uploaded at once, listed
 * while it uploads and then by name, with a remove button. The form keeps only what the server answered. With one
 * file, choosing again is blocked while a file uploads, and a new upload replaces the old one.
 */
export function FileField(props: FileFieldProps) {
  const { id, disabled, types, maxBytes = MAX_UPLOAD_BYTES, upload, open, text } = props;
  const { message } = App.useApp();
  const toastKey = useId();
  const [pending, setPending] = useState<UploadFile[]>([]);
  const files = props.multiple ? (props.value ?? []) : props.value ? [props.value] : [];
  // Several uploads may finish before the form re-renders: each adds itself to the latest list, not a stale copy.
  const latest = useRef(files);
  latest.current = files;
  // Counted at once (state would lag a render) so a second choice made during uploads is counted right.
  const inFlight = useRef(0);

  const busy = !props.multiple && pending.length > 0;
  const full = props.multiple === true && files.length + pending.length >= props.maxCount;

  const emit = (next: UploadedFile[]) => {
    latest.current = next;
    if (props.multiple) props.onChange?.(next.length > 0 ? next : undefined);
    else props.onChange?.(next[0]);
  };

  const beforeUpload: UploadProps['beforeUpload'] = (file, batch) => {
    const problem = fileProblem(file, types, maxBytes);
    if (problem) {
      message.error(problem === 'wrongType' ? (text.wrongType ?? '') : text.tooLarge);
      return Upload.LIST_IGNORE;
    }
    if (props.multiple) {
      // A batch is checked file by file before any of it is sent: count the acceptable files ahead of this one.
      const ahead = batch.slice(0, batch.indexOf(file)).filter((f) => !fileProblem(f, types, maxBytes)).length;
      if (latest.current.length + inFlight.current + ahead >= props.maxCount) {
        message.error({ content: text.tooMany, key: toastKey });
        return Upload.LIST_IGNORE;
      }
    }
    return true;
  };

  const customRequest: UploadProps['customRequest'] = async ({ file, onSuccess, onError }) => {
    const chosen = file as File & { uid: string };
    inFlight.current += 1;
    // No percent: fetch reports no upload progress, and a made-up bar would mislead; antd shows a spinner instead.
    setPending((list) => [...list, { uid: chosen.uid, name: chosen.name, status: 'uploading' }]);
    try {
      const uploaded = await upload(chosen);
      onSuccess?.(uploaded);
      const done = { id: uploaded.id, name: uploaded.name };
      emit(props.multiple ? [...latest.current, done] : [done]);
    } catch (error) {
      const reason = error instanceof ApiError ? error.message : String(error);
      message.error(text.failed(reason));
      onError?.(error instanceof Error ? error : new Error(reason));
    } finally {
      inFlight.current -= 1;
      setPending((list) => list.filter((f) => f.uid !== chosen.uid));
    }
  };

  const listed: UploadFile[] = files.map((f) => ({ uid: String(f.id), name: f.name, status: 'done' }));
  const find = (item: UploadFile) => latest.current.find((f) => String(f.id) === item.uid);

  return (
    <Upload
      id={id}
      multiple={props.multiple}
      maxCount={props.multiple ? undefined : 1}
      accept={types && acceptAttribute(types)}
      // One file: the upload in flight stands in for the file it will replace.
      fileList={busy ? pending : [...listed, ...pending]}
      beforeUpload={beforeUpload}
      customRequest={customRequest}
      onRemove={(item) => {
        emit(latest.current.filter((f) => String(f.id) !== item.uid));
        return true;
      }}
      onPreview={
        open
          ? (item) => {
              const found = find(item);
              if (found) open(found);
            }
          : undefined
      }
      disabled={disabled || busy}
      // An upload in flight cannot be cancelled: no remove button that would not stop it.
      showUploadList={{ showRemoveIcon: (item) => !disabled && item.status === 'done' }}
    >
      {!disabled && (
        <Button
          icon={<UploadOutlined />}
          disabled={busy || full}
          aria-describedby={props['aria-describedby']}
          aria-invalid={props['aria-invalid']}
        >
          {text.button}
        </Button>
      )}
    </Upload>
  );
}
