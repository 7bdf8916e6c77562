import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Drawer, Form, Grid, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { elementApi, elementKeys } from '../api.ts';
import { NATIONWIDE } from './CitySelect.tsx';
import { DynamicForm } from './DynamicForm.tsx';

/**
 * The listing form as a manufacturer will see it for a city (its enabled groups and the nationwide ones), or the
 * nationwide part alone. Nothing is saved; uploads go nowhere.
 */
export function FormPreviewDrawer({
  open,
  cityCode,
  cityName,
  scenario,
  onClose,
}: {
  open: boolean;
  cityCode: string;
  cityName: string;
  scenario: number;
  onClose: () => void;
}) {
  const { t } = useTranslation('element');
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const screens = Grid.useBreakpoint();
  const groups = useQuery({
    queryKey: [...elementKeys.cityGroups(cityCode, scenario), 'preview'],
    queryFn: () => (cityCode === NATIONWIDE ? elementApi.nationwide() : elementApi.cityGroups(cityCode, scenario)),
    enabled: open,
  });

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={t('admin.previewTitle', { city: cityName })}
      size={screens.md ? 640 : '100%'}
      destroyOnHidden
      extra={
        <Button
          type="primary"
          onClick={() =>
            form
              .validateFields()
              .then(() => message.success(t('admin.previewOk')))
              .catch(() => undefined)
          }
        >
          {t('admin.previewCheck')}
        </Button>
      }
    >
      <Alert type="info" showIcon title={t('admin.previewHint')} style={{ marginBottom: 16 }} />
      {groups.data ? (
        <Form form={form} layout="vertical">
          <DynamicForm
            groups={groups.data}
            showStandard
            upload={async (file) => ({ id: Date.now(), name: file.name })}
          />
        </Form>
      ) : (
        <Skeleton active />
      )}
    </Drawer>
  );
}
