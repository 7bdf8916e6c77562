import { type AttributeGroupWithElements, Scenario } from '@jcbb/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Drawer, Form, Grid, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { cityGroupsQuery, elementApi } from '../api.ts';
import { NATIONWIDE } from './CitySelect.tsx';
import { DynamicForm } from './DynamicForm.tsx';

/**
 * The listing form as a manufacturer will see it for a city (its enabled groups and the nationwide ones), or the
 * nationwide part alone; for the approval flow (scenario 2), the checklist as its auditors see it: the place's own
 * enabled groups (the platform's nationwide ones, or a city committee's). Nothing is saved; uploads go nowhere.
 */
async function approvalForm(cityCode: string): Promise<AttributeGroupWithElements[]> {
  const query =
    cityCode === NATIONWIDE
      ? { nationwide: true, scenario: Scenario.CUSTOM_APPROVAL_FLOW }
      : { cityCode, scenario: Scenario.CUSTOM_APPROVAL_FLOW };
  const groups = (await elementApi.adminGroups(query)).filter((g) => g.useStatus === 1);
  return Promise.all(groups.map((g) => elementApi.adminGroup(g.id)));
}

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
  const approval = scenario === Scenario.CUSTOM_APPROVAL_FLOW;
  const groups = useQuery({
    queryKey: [...cityGroupsQuery(cityCode, scenario).queryKey, 'preview'],
    queryFn: () =>
      approval
        ? approvalForm(cityCode)
        : cityCode === NATIONWIDE
          ? elementApi.nationwide()
          : elementApi.cityGroups(cityCode, scenario),
    enabled: open,
  });

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={t(approval ? 'admin.previewApprovalTitle' : 'admin.previewTitle', { city: cityName })}
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
            showStandard={!approval}
            upload={async (file) => ({ id: Date.now(), name: file.name })}
          />
        </Form>
      ) : (
        <Skeleton active />
      )}
    </Drawer>
  );
}
