import { diskDocTypeLabels } from '@jcbb/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, DatePicker, Descriptions, Drawer, Flex, Form, Input, List, Select, Space, Tag } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { applyFieldErrors } from '../../../lib/form-errors.ts';
import { labelOptions } from '../../../lib/labels.ts';
import { type DiskFileDetail, diskApi, diskFileQuery, diskKeys } from '../api.ts';
import { DISK_NS } from '../locales/register.ts';
import { DocTypeTag, ExpiryBadge, sizeText } from './badges.tsx';
import { FolderPicker, TOP_FOLDER } from './FolderPicker.tsx';
import { showFile } from './show-file.ts';

interface FormValues {
  name: string;
  folderId: number;
  docType: string;
  tags: string[];
  validFrom?: Dayjs | null;
  validUntil?: Dayjs | null;
  note?: string;
}

const day = (d: Dayjs | null | undefined) => (d ? d.format('YYYY-MM-DD') : undefined);

/** One file: its facts (editable), the ledger click, a new version, and its versions. */
export function FileDrawer({
  id,
  onClose,
  onPreview,
}: {
  id: number;
  onClose: () => void;
  onPreview: (url: string) => void;
}) {
  const { t, i18n } = useTranslation(DISK_NS);
  const { message } = App.useApp();
  const client = useQueryClient();
  const [form] = Form.useForm<FormValues>();
  const file = useQuery(diskFileQuery(id));
  const input = useRef<HTMLInputElement>(null);
  const done = (detail: DiskFileDetail) => {
    client.setQueryData(diskFileQuery(id).queryKey, detail);
    void client.invalidateQueries({ queryKey: diskKeys.list });
  };
  const save = useMutation({
    mutationFn: (v: FormValues) =>
      diskApi.saveFile(id, {
        name: v.name,
        folderId: v.folderId === TOP_FOLDER ? undefined : v.folderId,
        docType: v.docType as DiskFileDetail['docType'],
        tags: v.tags ?? [],
        validFrom: day(v.validFrom),
        validUntil: day(v.validUntil),
        note: v.note,
      }),
    onSuccess: (d) => {
      done(d);
      message.success(t('saved'));
    },
    onError: (error) => applyFieldErrors(form, error),
  });
  const ledger = useMutation({
    mutationFn: () => diskApi.recordOnLedger(id),
    onSuccess: (d) => {
      done(d);
      message.success(t('recorded'));
    },
  });
  const version = useMutation({ mutationFn: (f: File) => diskApi.addVersion(id, f), onSuccess: done });
  const d = file.data;

  return (
    <Drawer open title={d?.name ?? ''} onClose={onClose} width={560} loading={file.isLoading}>
      {d ? (
        <Flex vertical gap={16}>
          <Descriptions
            size="small"
            column={1}
            items={[
              { key: 'type', label: t('type'), children: <DocTypeTag type={d.docType} /> },
              {
                key: 'validity',
                label: t('validity'),
                children: <ExpiryBadge expiry={d.expiry} until={d.validUntil} />,
              },
              { key: 'size', label: t('size'), children: `${sizeText(d.size)} · v${d.version}` },
              { key: 'sha', label: 'SHA-256', children: <code style={{ wordBreak: 'break-all' }}>{d.sha256}</code> },
            ]}
          />
          <Space wrap>
            <Button onClick={() => showFile((inline) => diskApi.content(id, inline), d.name, d.mime, onPreview)}>
              {t('open')}
            </Button>
            {d.ledgerLeafIndex !== null ? (
              <Tag color="blue">
                {t('onLedger')} #{d.ledgerLeafIndex}
              </Tag>
            ) : (
              <Button type="primary" loading={ledger.isPending} onClick={() => ledger.mutate()}>
                {t('recordOnLedger')}
              </Button>
            )}
            <Button loading={version.isPending} onClick={() => input.current?.click()}>
              {t('newVersion')}
            </Button>
            <input
              ref={input}
              type="file"
              hidden
              onChange={(e) => {
                const f = e.target.files?.[0];
                e.target.value = '';
                if (f) version.mutate(f);
              }}
            />
          </Space>
          <Form
            form={form}
            layout="vertical"
            key={`${d.id}-${d.updatedAt}`}
            initialValues={{
              name: d.name,
              folderId: d.folderId ?? TOP_FOLDER,
              docType: d.docType,
              tags: d.tags,
              validFrom: d.validFrom ? dayjs(d.validFrom) : null,
              validUntil: d.validUntil ? dayjs(d.validUntil) : null,
              note: d.note ?? '',
            }}
            onFinish={(v) => save.mutate(v)}
          >
            <Form.Item name="name" label={t('name')}>
              <Input maxLength={100} />
            </Form.Item>
            <Form.Item name="folderId" label={t('folder')} extra={t('moveHint')}>
              <FolderPicker />
            </Form.Item>
            <Form.Item name="docType" label={t('type')}>
              <Select options={labelOptions(diskDocTypeLabels, i18n.language.startsWith('en'))} />
            </Form.Item>
            <Form.Item name="tags" label={t('tags')}>
              <Select mode="tags" maxCount={10} />
            </Form.Item>
            <Space wrap align="start">
              <Form.Item name="validFrom" label={t('validFrom')}>
                <DatePicker />
              </Form.Item>
              <Form.Item name="validUntil" label={t('validUntil')}>
                <DatePicker />
              </Form.Item>
            </Space>
            <Form.Item name="note" label={t('note')}>
              <Input.TextArea maxLength={200} rows={2} />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={save.isPending}>
              {t('save')}
            </Button>
          </Form>
          <List
            header={t('versions')}
            size="small"
            dataSource={d.versions}
            renderItem={(v) => (
              <List.Item
                actions={[
                  <Button
                    key="dl"
                    size="small"
                    type="link"
                    onClick={() =>
                      showFile((inline) => diskApi.content(id, inline, v.version), v.name, v.mime, onPreview)
                    }
                  >
                    {t('open')}
                  </Button>,
                ]}
              >
                v{v.version} · {v.name} · {sizeText(v.size)} ·{' '}
                {t('addedBy', { who: v.createdBy, at: v.createdAt.slice(0, 16).replace('T', ' ') })}
              </List.Item>
            )}
          />
        </Flex>
      ) : null}
    </Drawer>
  );
}
