import { AVATAR_MAX_BYTES, AVATAR_MIME_TYPES, profileSaveBody } from '@jcbb/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Avatar,
  Button,
  Card,
  Descriptions,
  Flex,
  Form,
  Input,
  List,
  Result,
  Skeleton,
  Space,
  Tag,
  Typography,
  Upload,
} from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { applyFieldErrors } from '../../../lib/form-errors.ts';
import { session } from '../../../lib/session.ts';
import { rulesFrom } from '../../../lib/zod-rules.ts';
import { accountApi, type Profile, type ProfileSave, profileQuery } from '../api.ts';
import { deviceOf } from '../device.ts';
import { ACCOUNT_NS } from '../locales/register.ts';

interface ProfileValues {
  realName: string;
  email: string;
  contactPhone: string;
}

const PASSWORD_PATH = '/user/password';

/** The top bar reads the session's user: keep its name and avatar in step with the saved profile. */
function syncSession(profile: Profile) {
  const { user, modules } = session.get();
  if (!user) return;
  session.setUser({ ...user, realName: profile.realName, headimgurl: profile.avatarUrl }, modules);
}

/**
 * /account/profile: the signed-in user's own profile (the user menu's 个人中心 while no external account site is
 * configured): name, avatar, e-mail and contact phone; the sign-in mobile shown, not changed; the password page;
 * the latest sign-ins.
 */
export function ProfilePage() {
  const { t } = useTranslation(ACCOUNT_NS);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const profile = useQuery(profileQuery());
  const [form] = Form.useForm<ProfileValues>();

  useEffect(() => {
    if (!profile.data) return;
    form.setFieldsValue({
      realName: profile.data.realName ?? '',
      email: profile.data.email ?? '',
      contactPhone: profile.data.contactPhone ?? '',
    });
  }, [profile.data, form]);

  const saved = (data: Profile) => {
    queryClient.setQueryData(profileQuery().queryKey, data);
    syncSession(data);
  };
  const save = useMutation({
    mutationFn: (body: ProfileSave) => accountApi.saveProfile(body),
    onSuccess: (data) => {
      saved(data);
      void message.success(t('profile.saved'));
    },
    onError: (error) => {
      if (!applyFieldErrors(form, error)) void message.error(error.message);
    },
  });
  const avatar = useMutation({
    mutationFn: (file: File | null) =>
      file ? accountApi.setAvatar(file) : accountApi.saveProfile({ avatarUploadId: null }),
    onSuccess: (data) => {
      saved(data);
      void message.success(data.avatarUrl ? t('profile.avatarSaved') : t('profile.avatarRemoved'));
    },
    onError: (error) => void message.error(error.message),
  });

  if (profile.isPending) return <Skeleton active />;
  if (profile.isError)
    return (
      <Result
        status="warning"
        title={t('profile.loadFailed')}
        extra={<Button onClick={() => void profile.refetch()}>{t('profile.retry')}</Button>}
      />
    );
  const me = profile.data;
  const name = me.realName || me.username;

  const chooseAvatar = (file: File) => {
    if (!AVATAR_MIME_TYPES.includes(file.type)) void message.error(t('profile.avatarWrongType'));
    else if (file.size > AVATAR_MAX_BYTES) void message.error(t('profile.avatarTooLarge'));
    else avatar.mutate(file);
    return Upload.LIST_IGNORE;
  };

  return (
    <Flex vertical gap={16} style={{ maxWidth: 880 }}>
      <Card title={<h1 style={{ margin: 0, fontSize: 16 }}>{t('profile.title')}</h1>}>
        <Typography.Paragraph type="secondary">{t('profile.intro')}</Typography.Paragraph>
        <Flex gap={32} wrap>
          <Flex vertical align="center" gap={8} style={{ minWidth: 160 }}>
            <Avatar size={96} src={me.avatarUrl ?? undefined} alt={t('profile.avatar')}>
              {name.slice(0, 1)}
            </Avatar>
            <Upload accept={AVATAR_MIME_TYPES.join(',')} showUploadList={false} beforeUpload={chooseAvatar}>
              <Button loading={avatar.isPending}>{t('profile.changeAvatar')}</Button>
            </Upload>
            {me.avatarUrl && (
              <Button type="link" size="small" onClick={() => avatar.mutate(null)} disabled={avatar.isPending}>
                {t('profile.removeAvatar')}
              </Button>
            )}
            <Typography.Text type="secondary" style={{ fontSize: 12, textAlign: 'center', maxWidth: 180 }}>
              {t('profile.avatarHint')}
            </Typography.Text>
          </Flex>
          <Form<ProfileValues>
            form={form}
            layout="vertical"
            style={{ flex: '1 1 280px', maxWidth: 420 }}
            disabled={save.isPending}
            onFinish={(values) => save.mutate(values)}
          >
            <Form.Item label={t('profile.mobile')} extra={t('profile.mobileNote')}>
              <Input value={me.mobile} disabled aria-label={t('profile.mobile')} />
            </Form.Item>
            <Form.Item name="realName" label={t('profile.realName')} rules={rulesFrom(profileSaveBody, 'realName')}>
              <Input placeholder={t('profile.realNamePlaceholder')} maxLength={50} />
            </Form.Item>
            <Form.Item name="email" label={t('profile.email')} rules={rulesFrom(profileSaveBody, 'email')}>
              <Input placeholder={t('profile.emailPlaceholder')} maxLength={100} />
            </Form.Item>
            <Form.Item
              name="contactPhone"
              label={t('profile.contactPhone')}
              rules={rulesFrom(profileSaveBody, 'contactPhone')}
            >
              <Input placeholder={t('profile.contactPhonePlaceholder')} maxLength={20} />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={save.isPending}>
              {t('profile.save')}
            </Button>
          </Form>
        </Flex>
        <Descriptions
          style={{ marginTop: 24 }}
          size="small"
          column={{ xs: 1, sm: 1, md: 3 }}
          items={[
            { key: 'org', label: t('profile.organization'), children: me.organization?.name ?? t('profile.none') },
            { key: 'division', label: t('profile.division'), children: me.division?.name ?? t('profile.none') },
            {
              key: 'roles',
              label: t('profile.roles'),
              children: me.roles.length > 0 ? me.roles.map((r) => <Tag key={r}>{r}</Tag>) : t('profile.none'),
            },
          ]}
        />
      </Card>

      <Card title={t('profile.security')}>
        <Flex justify="space-between" align="center" wrap gap={8}>
          <Space direction="vertical" size={0}>
            <Typography.Text strong>{t('profile.password')}</Typography.Text>
            <Typography.Text type="secondary">
              {me.passwordChangedAt
                ? t('profile.passwordChangedAt', { at: me.passwordChangedAt })
                : t('profile.passwordNever')}
            </Typography.Text>
          </Space>
          <Link to={PASSWORD_PATH}>
            <Button>{t('profile.changePassword')}</Button>
          </Link>
        </Flex>
      </Card>

      <Card title={t('profile.signIns')}>
        <Typography.Paragraph type="secondary">{t('profile.signInsIntro')}</Typography.Paragraph>
        <List
          dataSource={me.recentSignIns}
          renderItem={(s) => (
            <List.Item>
              <Flex justify="space-between" wrap gap={8} style={{ width: '100%' }}>
                <Space direction="vertical" size={0}>
                  <Typography.Text>{s.at}</Typography.Text>
                  <Typography.Text type="secondary">
                    {deviceOf(s.userAgent) ?? t('profile.unknownDevice')} · {s.ip ?? t('profile.unknownIp')}
                  </Typography.Text>
                </Space>
                {s.current ? (
                  <Tag color="green">{t('profile.current')}</Tag>
                ) : s.active ? (
                  <Tag color="blue">{t('profile.active')}</Tag>
                ) : (
                  <Tag>{t('profile.ended')}</Tag>
                )}
              </Flex>
            </List.Item>
          )}
        />
      </Card>
    </Flex>
  );
}
