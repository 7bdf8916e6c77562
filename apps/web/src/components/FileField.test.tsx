import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button, Form } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/http.ts';
import { renderWithProviders } from '../test/render.tsx';
import { FileField, type FileFieldProps, type UploadedFile } from './FileField.tsx';
import { acceptAttribute, fileProblem, MAX_UPLOAD_BYTES } from './file-check.ts';

const MB = 1024 * 1024;
const TEXT = {
  button: '上传营业执照',
  wrongType: '营业执照须为 PDF、JPG 或 PNG 文件',
  tooLarge: '文件不能超过 20 MB',
  tooMany: '最多上传 3 个文件',
  failed: (message: string) => `上传失败：${message}`,
};
const TYPES = { extensions: ['pdf', 'png'], mimeTypes: ['application/pdf', 'image/png'] };

const pdf = (name = '执照.pdf', size = 8) => new File([new Uint8Array(size)], name, { type: 'application/pdf' });

/** A file of `size` bytes without allocating them. */
function sized(name: string, type: string, size: number): File {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

/** Choosing files as the picker hands them over (bypassing its accept filter, as "All files" would). */
function choose(...files: File[]) {
  const input = document.querySelector('input[type=file]') as HTMLInputElement;
  fireEvent.change(input, { target: { files } });
}

/** An upload the test finishes when it likes. */
function deferred() {
  let resolve!: (value: UploadedFile) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<UploadedFile>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

type Extra = Partial<Omit<FileFieldProps, 'value' | 'onChange'>> & { maxCount?: number };

/** The field inside an antd form, as the features use it: label, hint (extra), required rule. */
function Harness({
  initial,
  onValues,
  upload = vi.fn(async (file: File) => ({ id: 7, name: file.name })),
  ...rest
}: Extra & {
  initial?: UploadedFile | UploadedFile[];
  onValues?: (value: unknown) => void;
}) {
  const [form] = Form.useForm();
  const field = rest.multiple ? (
    <FileField
      multiple
      maxCount={rest.maxCount ?? 3}
      upload={upload}
      text={TEXT}
      types={rest.types}
      open={rest.open}
      disabled={rest.disabled}
    />
  ) : (
    <FileField upload={upload} text={TEXT} types={rest.types ?? TYPES} open={rest.open} disabled={rest.disabled} />
  );
  return (
    <Form
      form={form}
      initialValues={{ file: initial }}
      onValuesChange={(_, all) => onValues?.(all.file)}
      onFinish={() => {}}
    >
      <Form.Item
        name="file"
        label="营业执照"
        extra="支持 PDF、PNG"
        rules={[{ required: true, message: '请上传营业执照' }]}
      >
        {field}
      </Form.Item>
      <Button htmlType="submit">提交</Button>
    </Form>
  );
}

const render = (ui: Parameters<typeof renderWithProviders>[0]) => renderWithProviders(ui, {});
/** antd's remove button, named by antd's locale (English in these tests, 删除文件 in the app). */
const REMOVE = /删除文件|Remove file/;
const uploadButton = () => screen.getByRole('button', { name: /上传营业执照/ });
const doneItems = () =>
  Array.from(document.querySelectorAll('.ant-upload-list-item-done')).map((item) => item.textContent);

describe('fileProblem', () => {
  it('takes the listed kinds up to the size limit, judging by extension when the browser names no type', () => {
    expect(fileProblem({ name: 'a.PDF', type: 'application/pdf', size: 20 * MB }, TYPES, 20 * MB)).toBeNull();
    expect(fileProblem({ name: 'a.png', type: '', size: 1 }, TYPES)).toBeNull();
    expect(fileProblem({ name: 'a.docx', type: 'application/msword', size: 1 }, TYPES)).toBe('wrongType');
    expect(fileProblem({ name: 'pdf', type: 'application/pdf', size: 1 }, TYPES)).toBe('wrongType');
    // Renamed: the right extension, but the browser knows better.
    expect(fileProblem({ name: 'a.pdf', type: 'application/x-msdownload', size: 1 }, TYPES)).toBe('wrongType');
    expect(fileProblem({ name: 'a.pdf', type: 'application/pdf', size: 20 * MB + 1 }, TYPES, 20 * MB)).toBe('tooLarge');
  });

  it('without kinds takes any file, still within the server’s limit', () => {
    expect(fileProblem({ name: 'a.exe', size: 1 }, undefined)).toBeNull();
    expect(fileProblem({ name: 'a.exe', size: MAX_UPLOAD_BYTES + 1 }, undefined)).toBe('tooLarge');
  });

  it('builds the picker filter from extensions and MIME types', () => {
    expect(acceptAttribute(TYPES)).toBe('.pdf,.png,application/pdf,image/png');
    expect(acceptAttribute({ extensions: ['docx'] })).toBe('.docx');
  });
});

describe('FileField, one file', { timeout: 20_000 }, () => {
  it('uploads the chosen file and hands its id and name to the form, listing it done', async () => {
    const onValues = vi.fn();
    const upload = vi.fn(async (file: File) => ({ id: 41, name: file.name, sha256: 'x' }));
    render(<Harness upload={upload} onValues={onValues} />);
    // The label points at the file input; the button says what it does and is described by the hint.
    expect(screen.getByLabelText('营业执照')).toHaveAttribute('type', 'file');
    expect(screen.getByLabelText('营业执照')).toHaveAttribute('accept', '.pdf,.png,application/pdf,image/png');
    expect(uploadButton()).toHaveAccessibleDescription('支持 PDF、PNG');

    choose(pdf('营业执照.pdf'));
    await waitFor(() => expect(onValues).toHaveBeenLastCalledWith({ id: 41, name: '营业执照.pdf' }));
    expect(upload).toHaveBeenCalledTimes(1);
    expect(upload.mock.calls[0]?.[0].name).toBe('营业执照.pdf');
    await waitFor(() => expect(doneItems()).toEqual(['营业执照.pdf']));
  });

  it('shows the upload in flight in place of the old file and blocks another choice until it is done', async () => {
    const pending = deferred();
    const onValues = vi.fn();
    render(<Harness initial={{ id: 3, name: '旧执照.pdf' }} upload={() => pending.promise} onValues={onValues} />);
    expect(doneItems()).toEqual(['旧执照.pdf']);

    choose(pdf('新执照.pdf'));
    await waitFor(() =>
      expect(document.querySelector('.ant-upload-list-item-uploading')).toHaveTextContent('新执照.pdf'),
    );
    expect(screen.queryByText('旧执照.pdf')).not.toBeInTheDocument();
    // fetch reports no upload progress: no progress bar pretending to know how far it got.
    expect(document.querySelector('.ant-upload-list-item-uploading .ant-progress')).toBeNull();
    expect(uploadButton()).toBeDisabled();
    // No remove button for an upload that could not be stopped by it.
    expect(screen.queryByRole('button', { name: REMOVE })).not.toBeInTheDocument();

    await act(async () => pending.resolve({ id: 4, name: '新执照.pdf' }));
    await waitFor(() => expect(doneItems()).toEqual(['新执照.pdf']));
    expect(onValues).toHaveBeenLastCalledWith({ id: 4, name: '新执照.pdf' });
    expect(uploadButton()).toBeEnabled();
  });

  it('refuses a file of another kind or too large with the field’s message, and sends nothing', async () => {
    const upload = vi.fn();
    render(<Harness upload={upload} />);
    choose(new File(['x'], '执照.docx', { type: 'application/msword' }));
    expect(await screen.findByText(TEXT.wrongType)).toBeInTheDocument();
    choose(sized('执照.pdf', 'application/pdf', MAX_UPLOAD_BYTES + 1));
    expect(await screen.findByText(TEXT.tooLarge)).toBeInTheDocument();
    expect(upload).not.toHaveBeenCalled();
    expect(document.querySelectorAll('.ant-upload-list-item')).toHaveLength(0);
  });

  it('says why an upload failed and keeps the value as it was', async () => {
    const onValues = vi.fn();
    const upload = vi.fn().mockRejectedValue(new ApiError('文件类型不支持', 41500, 415));
    render(<Harness initial={{ id: 3, name: '旧执照.pdf' }} upload={upload} onValues={onValues} />);
    choose(pdf());
    expect(await screen.findByText('上传失败：文件类型不支持')).toBeInTheDocument();
    await waitFor(() => expect(doneItems()).toEqual(['旧执照.pdf']));
    expect(onValues).not.toHaveBeenCalled();
  });

  it('removes the file, so the required rule asks for one again', async () => {
    const onValues = vi.fn();
    const user = userEvent.setup();
    render(<Harness initial={{ id: 3, name: '执照.pdf' }} onValues={onValues} />);
    await user.click(screen.getByRole('button', { name: REMOVE }));
    await waitFor(() => expect(onValues).toHaveBeenLastCalledWith(undefined));
    await user.click(screen.getByRole('button', { name: /提\s*交/ }));
    expect(await screen.findByText('请上传营业执照')).toBeInTheDocument();
    // The error is announced with the button too (once the form has re-rendered the field with its status).
    await waitFor(() => {
      expect(uploadButton()).toHaveAttribute('aria-invalid', 'true');
      expect(uploadButton()).toHaveAccessibleDescription(/请上传营业执照/);
    });
  });

  it('opens an uploaded file from its name, by mouse or keyboard', async () => {
    const open = vi.fn();
    const user = userEvent.setup();
    render(<Harness initial={{ id: 3, name: '执照.pdf' }} open={open} />);
    const name = screen.getByRole('button', { name: '执照.pdf' });
    await user.click(name);
    expect(open).toHaveBeenLastCalledWith({ id: 3, name: '执照.pdf' });
    name.focus();
    await user.keyboard('{Enter}');
    expect(open).toHaveBeenCalledTimes(2);
  });

  it('without an opener shows the name as plain text', () => {
    render(<Harness initial={{ id: 3, name: '执照.pdf' }} />);
    expect(screen.getByText('执照.pdf')).not.toHaveAttribute('role');
  });

  it('read-only: lists the file (still opening it) without upload or remove buttons', async () => {
    const open = vi.fn();
    render(<Harness initial={{ id: 3, name: '执照.pdf' }} open={open} disabled />);
    expect(screen.queryByRole('button', { name: /上传营业执照/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: REMOVE })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '执照.pdf' }));
    expect(open).toHaveBeenCalledWith({ id: 3, name: '执照.pdf' });
  });
});

describe('FileField, several files', { timeout: 20_000 }, () => {
  it('adds every file of a batch as each finishes, in whatever order they finish', async () => {
    const onValues = vi.fn();
    const uploads = [deferred(), deferred()];
    const upload = vi.fn(() => uploads[upload.mock.calls.length - 1]?.promise as Promise<UploadedFile>);
    render(<Harness multiple maxCount={5} initial={[{ id: 1, name: '一.pdf' }]} upload={upload} onValues={onValues} />);
    choose(pdf('二.pdf'), pdf('三.pdf'));
    await waitFor(() => expect(document.querySelectorAll('.ant-upload-list-item-uploading')).toHaveLength(2));
    // Adding more is still possible while they upload.
    expect(uploadButton()).toBeEnabled();

    await act(async () => uploads[1]?.resolve({ id: 3, name: '三.pdf' }));
    await act(async () => uploads[0]?.resolve({ id: 2, name: '二.pdf' }));
    await waitFor(() => expect(doneItems()).toEqual(['一.pdf', '三.pdf', '二.pdf']));
    expect(onValues).toHaveBeenLastCalledWith([
      { id: 1, name: '一.pdf' },
      { id: 3, name: '三.pdf' },
      { id: 2, name: '二.pdf' },
    ]);
  });

  it('takes no more than maxCount, even from one batch, and then disables the button', async () => {
    const onValues = vi.fn();
    let next = 10;
    const upload = vi.fn(async (file: File) => ({ id: next++, name: file.name }));
    render(<Harness multiple maxCount={3} initial={[{ id: 1, name: '一.pdf' }]} upload={upload} onValues={onValues} />);
    choose(pdf('a.pdf'), pdf('b.pdf'), pdf('c.pdf'), pdf('d.pdf'));
    await waitFor(() => expect(doneItems()).toEqual(['一.pdf', 'a.pdf', 'b.pdf']));
    expect(upload).toHaveBeenCalledTimes(2);
    // One message for the batch, not one per file left out.
    expect(screen.getAllByText(TEXT.tooMany)).toHaveLength(1);
    expect(uploadButton()).toBeDisabled();
  });

  it('counts only acceptable files of a batch against the limit', async () => {
    const upload = vi.fn(async (file: File) => ({ id: file.size, name: file.name }));
    render(<Harness multiple maxCount={2} types={TYPES} upload={upload} />);
    choose(sized('big.pdf', 'application/pdf', MAX_UPLOAD_BYTES + 1), pdf('a.pdf', 1), pdf('b.pdf', 2));
    await waitFor(() => expect(doneItems()).toEqual(['a.pdf', 'b.pdf']));
    expect(screen.queryByText(TEXT.tooMany)).not.toBeInTheDocument();
  });

  it('removes one file, and hands undefined once the list is empty', async () => {
    const onValues = vi.fn();
    const user = userEvent.setup();
    render(
      <Harness
        multiple
        initial={[
          { id: 1, name: '一.pdf' },
          { id: 2, name: '二.pdf' },
        ]}
        onValues={onValues}
      />,
    );
    const item = (name: string) => screen.getByText(name).closest('.ant-upload-list-item') as HTMLElement;
    await user.click(within(item('一.pdf')).getByRole('button', { name: REMOVE }));
    expect(onValues).toHaveBeenLastCalledWith([{ id: 2, name: '二.pdf' }]);
    await user.click(within(item('二.pdf')).getByRole('button', { name: REMOVE }));
    expect(onValues).toHaveBeenLastCalledWith(undefined);
  });
});
