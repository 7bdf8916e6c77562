import type { AttributeGroupWithElements, ElementItem } from '@jcbb/contract';
import { FieldType } from '@jcbb/contract';
import { Checkbox, Divider, Empty, Form, type FormRule, Input, Radio, Select, Space, Tag, Typography } from 'antd';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FileField } from '../../../components/FileField.tsx';
import type { FileTypes } from '../../../components/file-check.ts';
import { NumericInput } from '../../../components/NumericInput.tsx';
import { TextInput } from '../../../components/TextInput.tsx';
import { type FileRef, fieldName, isNumericElement, visibleElements } from '../form-values.ts';
import '../register-locale.ts';

export interface DynamicFormProps {
  /** The city's form: its groups (and the nationwide ones), each with its elements. */
  groups: readonly AttributeGroupWithElements[];
  /** Read-only (the surrounding antd Form should be disabled too: it disables the other controls). */
  disabled?: boolean;
  /** Uploads one file of a file element (display type 6). */
  upload: (file: File) => Promise<FileRef>;
  /** Opens an uploaded file. */
  openFile?: (file: FileRef) => void;
  /** Show which options meet the government-procurement standard (the platform's preview; auditors). */
  showStandard?: boolean;
  /**
   * No element is required here (batch listing: what is filled in applies to every pair, what is left empty keeps
   * each listing's own answer), so neither markers nor rules.
   */
  optional?: boolean;
}

/** Longest answers: a text box is one line, a multiline box a paragraph (the server takes up to 2000). */
const TEXT_MAX = 200;
const TEXTAREA_MAX = 2000;
/** The most files one file element takes (the contract's limit of resourceValue). */
const MAX_ELEMENT_FILES = 20;
/** What the server's file module takes. */
const ELEMENT_FILE_TYPES: FileTypes = { extensions: ['pdf', 'png', 'jpg', 'jpeg', 'gif', 'webp', 'docx', 'xlsx'] };

function requiredRule(element: ElementItem, t: TFunction<'element'>): FormRule {
  const type = element.displayType;
  const message =
    type === FieldType.FILE
      ? t('form.requiredFile', { name: element.name })
      : type === FieldType.RADIO || type === FieldType.SELECT || type === FieldType.CHECKBOX
        ? t('form.requiredChoice', { name: element.name })
        : t('form.required', { name: element.name });
  if (type === FieldType.CHECKBOX || type === FieldType.FILE) return { required: true, type: 'array', min: 1, message };
  return { required: true, whitespace: true, message };
}

function label(element: ElementItem, t: TFunction<'element'>): ReactNode {
  return (
    <Space size={4} wrap>
      <span>{element.name}</span>
      {element.govProcurement && (
        <Tag color="gold" style={{ marginInlineEnd: 0 }}>
          {t('form.govProcurement')}
        </Tag>
      )}
    </Space>
  );
}

/** Under the field: a numeric element's standard; a file element's kinds and limits while it can be filled in. */
function hint(element: ElementItem, t: TFunction<'element'>, disabled = false): ReactNode {
  if (isNumericElement(element) && element.standardMin !== null) {
    return t('form.standardMin', { min: element.standardMin });
  }
  return element.displayType === FieldType.FILE && !disabled ? t('form.uploadHint') : undefined;
}

function optionLabel(option: ElementItem['elementEnumList'][number], showStandard: boolean, standard: string) {
  return showStandard && option.meetsStandard ? `${option.label}（${standard}）` : option.label;
}

/**
 * The fields of a dynamic form (spec §3): one antd Form.Item per enabled element, grouped under their attribute
 * groups, inside the caller's antd Form. Field types: 1 text box (a number when the element has a numeric
 * standard), 2 multiline, 3 radio, 4 checkbox, 5 dropdown, 6 file upload. Required elements carry antd's marker and
 * a rule that the caller's `validateFields` checks (a submission); a draft save may skip validation. Values live
 * under `values.e<elementId>`; `form-values.ts` turns them into propertyValue / propertyNumValue /
 * propertyArrayValue / resourceValue.
 */
export function DynamicForm({
  groups,
  disabled,
  upload,
  openFile,
  showStandard = false,
  optional = false,
}: DynamicFormProps) {
  const { t } = useTranslation('element');
  const shown = groups
    .filter((g) => g.useStatus === 1)
    .map((g) => ({ group: g, elements: visibleElements(g.elements) }))
    .filter((g) => g.elements.length > 0);

  if (shown.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('form.empty')} />;

  const control = (element: ElementItem): ReactNode => {
    const placeholder = element.placeholder ?? undefined;
    const options = [...element.elementEnumList]
      .sort((a, b) => a.sort - b.sort || a.enumId - b.enumId)
      .map((o) => ({ value: String(o.enumId), label: optionLabel(o, showStandard, t('form.meetsStandard')) }));
    switch (element.displayType) {
      case FieldType.TEXT:
        return isNumericElement(element) ? (
          <NumericInput precision={4} placeholder={placeholder ?? t('form.input', { name: element.name })} />
        ) : (
          <TextInput maxLength={TEXT_MAX} placeholder={placeholder ?? t('form.input', { name: element.name })} />
        );
      case FieldType.TEXTAREA:
        return (
          <Input.TextArea
            rows={3}
            maxLength={TEXTAREA_MAX}
            showCount
            placeholder={placeholder ?? t('form.input', { name: element.name })}
          />
        );
      case FieldType.RADIO:
        return <Radio.Group options={options} />;
      case FieldType.CHECKBOX:
        return <Checkbox.Group options={options} />;
      case FieldType.SELECT:
        return <Select allowClear options={options} placeholder={placeholder ?? t('form.select')} />;
      case FieldType.FILE:
        return (
          <FileField
            multiple
            maxCount={MAX_ELEMENT_FILES}
            types={ELEMENT_FILE_TYPES}
            upload={upload}
            open={openFile}
            disabled={disabled}
            text={{
              button: t('form.upload'),
              wrongType: t('form.wrongType'),
              tooLarge: t('form.tooLarge'),
              tooMany: t('form.tooMany'),
              failed: (message) => t('form.uploadFailed', { message }),
            }}
          />
        );
      default:
        return null;
    }
  };

  return (
    <>
      {shown.map(({ group, elements }) => (
        <section key={group.id} aria-label={group.name}>
          <Divider titlePlacement="start" style={{ marginTop: 8 }}>
            <Space size={6}>
              <span>{group.name}</span>
              {group.cityCode === null && !group.name.includes('全国') && (
                <Typography.Text type="secondary" style={{ fontSize: 12, fontWeight: 'normal' }}>
                  {t('form.nationwide')}
                </Typography.Text>
              )}
            </Space>
          </Divider>
          {elements.map((element) => (
            <Form.Item
              key={element.id}
              name={fieldName(element.id)}
              label={label(element, t)}
              required={!optional && element.required === 1}
              rules={!optional && element.required === 1 ? [requiredRule(element, t)] : []}
              extra={hint(element, t, disabled)}
            >
              {control(element)}
            </Form.Item>
          ))}
        </section>
      ))}
    </>
  );
}
