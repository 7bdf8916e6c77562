import { CheckCircleTwoTone, PaperClipOutlined } from '@ant-design/icons';
import { type AttributeGroupWithElements, type ElementItem, FieldType, meetsElementStandard } from '@jcbb/contract';
import { Button, Descriptions, Empty, Grid, Space, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type FileRef,
  type SavedElementValue,
  toElementValue,
  toFieldValue,
  toRule,
  visibleElements,
} from '../form-values.ts';
import '../register-locale.ts';

export interface ElementValuesViewProps {
  groups: readonly AttributeGroupWithElements[];
  values: readonly SavedElementValue[];
  /** Opens a file of a file element. */
  openFile?: (file: FileRef) => void;
  /** Mark government-procurement elements whose answer meets the standard (auditors). */
  showStandard?: boolean;
}

/**
 * A listing's answers to its city's form, read-only: option values show their labels (options no longer offered are
 * cleared, spec §5), files are links.
 */
export function ElementValuesView({ groups, values, openFile, showStandard = false }: ElementValuesViewProps) {
  const { t } = useTranslation('element');
  const wide = Grid.useBreakpoint().md ?? true;
  const byElement = new Map(values.map((v) => [v.elementId, v]));
  const shown = groups
    .filter((g) => g.useStatus === 1)
    .map((g) => ({ group: g, elements: visibleElements(g.elements) }))
    .filter((g) => g.elements.length > 0);
  if (shown.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('form.empty')} />;

  const render = (element: ElementItem): ReactNode => {
    const field = toFieldValue(element, byElement.get(element.id));
    const none = <Typography.Text type="secondary">{t('form.noValue')}</Typography.Text>;
    if (field === undefined || (Array.isArray(field) && field.length === 0) || field === '') return none;
    const labels = new Map(element.elementEnumList.map((o) => [String(o.enumId), o.label]));
    switch (element.displayType) {
      case FieldType.RADIO:
      case FieldType.SELECT:
        return labels.get(field as string) ?? none;
      case FieldType.CHECKBOX:
        return (
          <Space size={[4, 4]} wrap>
            {(field as string[]).map((id) => (
              <Tag key={id}>{labels.get(id)}</Tag>
            ))}
          </Space>
        );
      case FieldType.FILE:
        return (
          <Space orientation="vertical" size={0}>
            {(field as FileRef[]).map((file) =>
              openFile ? (
                <Button
                  key={file.id}
                  type="link"
                  size="small"
                  icon={<PaperClipOutlined />}
                  style={{ paddingInline: 0, height: 'auto', whiteSpace: 'normal', textAlign: 'start' }}
                  onClick={() => openFile(file)}
                >
                  {file.name}
                </Button>
              ) : (
                <span key={file.id}>
                  <PaperClipOutlined /> {file.name}
                </span>
              ),
            )}
          </Space>
        );
      default:
        return <span style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{field as string}</span>;
    }
  };

  const labelOf = (element: ElementItem): ReactNode => {
    if (!showStandard || !element.govProcurement) return element.name;
    const met = meetsElementStandard(
      toRule(element),
      toElementValue(element, toFieldValue(element, byElement.get(element.id))),
    );
    return (
      <Space size={4} wrap>
        <span>{element.name}</span>
        <Tag color={met ? 'green' : 'default'} icon={met ? <CheckCircleTwoTone twoToneColor="#52c41a" /> : undefined}>
          {t('form.govProcurement')}
        </Tag>
      </Space>
    );
  };

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      {shown.map(({ group, elements }) => (
        <Descriptions
          key={group.id}
          title={group.name}
          size="small"
          bordered
          column={1}
          styles={{ label: { width: wide ? 160 : 96 } }}
          items={elements.map((e) => ({ key: e.id, label: labelOf(e), children: render(e) }))}
        />
      ))}
    </Space>
  );
}
