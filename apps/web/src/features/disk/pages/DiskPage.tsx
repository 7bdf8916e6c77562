import { DeleteOutlined, FileOutlined, FolderOutlined, ShareAltOutlined, UploadOutlined } from '@ant-design/icons';
import { isPreviewable } from '@jcbb/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Breadcrumb,
  Button,
  Flex,
  Grid,
  Input,
  Modal,
  Popconfirm,
  Progress,
  Space,
  Table,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import { type ChangeEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageCard } from '../../../components/PageCard.tsx';
import { type DiskFile, diskApi, diskKeys, diskListQuery } from '../api.ts';
import { DocTypeTag, ExpiryBadge, sizeText } from '../components/badges.tsx';
import { FileDrawer } from '../components/FileDrawer.tsx';
import { NewFolderModal } from '../components/NewFolderModal.tsx';
import { ShareList } from '../components/ShareList.tsx';
import { ShareModal } from '../components/ShareModal.tsx';
import { showFile } from '../components/show-file.ts';
import { DISK_NS } from '../locales/register.ts';

/** A name as a link-like button that wraps (a long file name on a phone). */
const nameButton = {
  padding: 0,
  height: 'auto',
  whiteSpace: 'normal',
  textAlign: 'left',
  wordBreak: 'break-all',
} as const;

type Row = { kind: 'folder'; id: number; name: string } | ({ kind: 'file' } & DiskFile);

/** /marketing/documentManagement: the organisation's folders and files, and its share links. */
export function DiskPage() {
  const { t } = useTranslation(DISK_NS);
  return (
    <PageCard title={t('title')}>
      <Tabs
        items={[
          { key: 'files', label: t('tabFiles'), children: <DiskBrowser /> },
          { key: 'shares', label: t('tabShares'), children: <ShareList /> },
        ]}
      />
    </PageCard>
  );
}

function DiskBrowser() {
  const { t } = useTranslation(DISK_NS);
  const { message } = App.useApp();
  const client = useQueryClient();
  const [folderId, setFolderId] = useState<number | undefined>();
  const [keyword, setKeyword] = useState('');
  const [selected, setSelected] = useState<number[]>([]);
  const [openFile, setOpenFile] = useState<number | null>(null);
  const [sharing, setSharing] = useState<{ fileIds: number[] } | { folderId: number; name: string } | null>(null);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [image, setImage] = useState<string | null>(null);
  const [makingFolder, setMakingFolder] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  // On a phone the type, validity and size go under the name: the row fits without scrolling sideways.
  const wide = Grid.useBreakpoint().md ?? true;
  const list = useQuery(diskListQuery(folderId, keyword || undefined));
  const refresh = () => client.invalidateQueries({ queryKey: diskKeys.list });

  const go = (id: number | undefined) => {
    setFolderId(id);
    setKeyword('');
    setSelected([]);
  };
  // Many files, one after another; the bar counts files done (fetch tells nothing of a file's own bytes).
  const uploadMany = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    event.target.value = '';
    if (files.length === 0) return;
    let done = 0;
    setProgress({ done, total: files.length });
    for (const file of files) {
      try {
        await diskApi.addFile(file, folderId);
        done += 1;
      } catch (error) {
        message.error(t('uploadFailed', { name: file.name, reason: error instanceof Error ? error.message : '' }));
      }
      setProgress({ done, total: files.length });
    }
    await refresh();
    message.success(t('uploadDone', { done }));
    setProgress(null);
  };
  const remove = useMutation({
    mutationFn: (row: Row) => (row.kind === 'folder' ? diskApi.deleteFolder(row.id) : diskApi.deleteFile(row.id)),
    onSuccess: refresh,
  });

  const data = list.data;
  const rows: Row[] = [
    ...(data?.folders ?? []).map((f) => ({ kind: 'folder' as const, id: f.id, name: f.name })),
    ...(data?.files ?? []).map((f) => ({ kind: 'file' as const, ...f })),
  ];
  const folderName = data?.folder?.name ?? '';

  return (
    <Flex vertical gap={12}>
      <Breadcrumb
        items={[
          {
            title: (
              <Button type="link" size="small" style={{ padding: 0 }} onClick={() => go(undefined)}>
                {t('top')}
              </Button>
            ),
          },
          ...(data?.path ?? []).map((p) => ({
            title: (
              <Button type="link" size="small" style={{ padding: 0 }} onClick={() => go(p.id)}>
                {p.name}
              </Button>
            ),
          })),
        ]}
      />
      <Flex wrap gap={8} justify="space-between">
        <Input.Search allowClear placeholder={t('search')} onSearch={setKeyword} style={{ maxWidth: 260 }} />
        <Space wrap>
          <Button onClick={() => setMakingFolder(true)}>{t('newFolder')}</Button>
          <Button type="primary" icon={<UploadOutlined />} onClick={() => input.current?.click()}>
            {t('upload')}
          </Button>
          <input
            ref={input}
            type="file"
            multiple
            hidden
            data-testid="disk-upload"
            accept=".pdf,.png,.jpg,.jpeg,.gif,.webp,.docx,.xlsx"
            onChange={uploadMany}
          />
          <Button
            icon={<ShareAltOutlined />}
            disabled={selected.length === 0}
            onClick={() => setSharing({ fileIds: selected })}
          >
            {t('shareSelected')}
          </Button>
          {folderId ? (
            <Button icon={<ShareAltOutlined />} onClick={() => setSharing({ folderId, name: folderName })}>
              {t('shareFolder')}
            </Button>
          ) : null}
        </Space>
      </Flex>
      <div style={{ color: '#888', fontSize: 12 }}>{t('acceptHint')}</div>
      {progress ? (
        <Progress
          percent={Math.round((progress.done / progress.total) * 100)}
          format={() => t('uploading', progress)}
          data-testid="upload-progress"
        />
      ) : null}
      <Table<Row>
        rowKey={(r) => `${r.kind}-${r.id}`}
        loading={list.isLoading}
        dataSource={rows}
        pagination={false}
        scroll={wide ? { x: 'max-content' } : undefined}
        locale={{ emptyText: keyword ? t('noMatch') : folderId ? t('emptyFolder') : t('empty') }}
        rowSelection={{
          selectedRowKeys: selected.map((id) => `file-${id}`),
          getCheckboxProps: (r) => ({ disabled: r.kind === 'folder' }),
          onChange: (_, picked) => setSelected(picked.filter((r) => r.kind === 'file').map((r) => r.id)),
        }}
        columns={[
          {
            title: t('name'),
            key: 'name',
            render: (_, r) =>
              r.kind === 'folder' ? (
                <Button type="link" size="small" style={nameButton} onClick={() => go(r.id)}>
                  <FolderOutlined /> {r.name}
                </Button>
              ) : (
                <Space size={4} wrap>
                  <Button type="link" size="small" style={nameButton} onClick={() => setOpenFile(r.id)}>
                    <FileOutlined /> {r.name}
                  </Button>
                  {r.version > 1 ? <Tag>v{r.version}</Tag> : null}
                  {r.ledgerLeafIndex !== null ? <Tag color="blue">{t('onLedger')}</Tag> : null}
                  {r.tags.map((tag) => (
                    <Tag key={tag} bordered={false}>
                      {tag}
                    </Tag>
                  ))}
                  {wide ? null : (
                    <>
                      <DocTypeTag type={r.docType} />
                      <ExpiryBadge expiry={r.expiry} until={r.validUntil} />
                      <Typography.Text type="secondary">{sizeText(r.size)}</Typography.Text>
                    </>
                  )}
                </Space>
              ),
          },
          {
            title: t('type'),
            key: 'type',
            hidden: !wide,
            render: (_, r) => (r.kind === 'file' ? <DocTypeTag type={r.docType} /> : t('folder')),
          },
          {
            title: t('validity'),
            key: 'validity',
            hidden: !wide,
            render: (_, r) => (r.kind === 'file' ? <ExpiryBadge expiry={r.expiry} until={r.validUntil} /> : null),
          },
          {
            title: t('size'),
            key: 'size',
            hidden: !wide,
            render: (_, r) => (r.kind === 'file' ? sizeText(r.size) : null),
          },
          {
            title: t('actions'),
            key: 'actions',
            render: (_, r) => (
              <Space size={4}>
                {r.kind === 'file' ? (
                  <Button
                    size="small"
                    type="link"
                    onClick={() => showFile((inline) => diskApi.content(r.id, inline), r.name, r.mime, setImage)}
                  >
                    {isPreviewable(r.mime) ? t('preview') : t('download')}
                  </Button>
                ) : null}
                <Popconfirm
                  title={
                    r.kind === 'folder'
                      ? t('deleteFolderConfirm', { name: r.name })
                      : t('deleteFileConfirm', { name: r.name })
                  }
                  onConfirm={() => remove.mutate(r)}
                >
                  <Button size="small" type="link" danger icon={<DeleteOutlined />} aria-label={t('delete')} />
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      {openFile !== null ? <FileDrawer id={openFile} onClose={() => setOpenFile(null)} onPreview={setImage} /> : null}
      {makingFolder ? (
        <NewFolderModal parentId={folderId} onClose={() => setMakingFolder(false)} onCreated={refresh} />
      ) : null}
      {sharing ? <ShareModal target={sharing} onClose={() => setSharing(null)} /> : null}
      <Modal open={image !== null} footer={null} onCancel={() => setImage(null)} width={720}>
        {image ? <img src={image} alt="" style={{ maxWidth: '100%' }} /> : null}
      </Modal>
    </Flex>
  );
}
