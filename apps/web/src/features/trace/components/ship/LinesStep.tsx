import { PlusOutlined } from '@ant-design/icons';
import { SHIPMENT_LINES_MAX } from '@jcbb/contract';
import { Alert, Button, Form, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { SHIP_NS } from '../../locales/ship-register.ts';
import type { ShipmentLine, StockRow } from '../../ship-api.ts';
import { LineEditor, type specGroups } from './LineEditor.tsx';
import type { LineSource } from './line-source.ts';

/**
 * ③ The lines: a specification (of a lot made here, or of stock held), the quantity and its codes, at most
 * SHIPMENT_LINES_MAX; a return's lines are its receipt's, fixed (`locked`). A draft whose codes did not load says so.
 */
export function LinesStep({
  source,
  groups,
  stock,
  draftLines,
  missingCodes,
}: {
  source: LineSource;
  groups: ReturnType<typeof specGroups>;
  stock: StockRow[];
  draftLines: ShipmentLine[];
  missingCodes: ShipmentLine[];
}) {
  const { t } = useTranslation(SHIP_NS);
  return (
    <>
      {missingCodes.length > 0 && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          title={t('lines.codesNotLoaded', { lines: missingCodes.map((l) => l.lineNo).join('、') })}
        />
      )}
      <Form.List name="lines">
        {(fields, { add, remove }, { errors }) => (
          <Space orientation="vertical" size={12} style={{ width: '100%' }}>
            {fields.map((field, index) => (
              <LineEditor
                key={field.key}
                name={field.name}
                index={index}
                source={source}
                groups={groups}
                stock={stock}
                draft={draftLines}
                onRemove={fields.length > 1 ? () => remove(field.name) : undefined}
              />
            ))}
            <Form.ErrorList errors={errors} />
            {source !== 'locked' && (
              <Button
                type="dashed"
                icon={<PlusOutlined />}
                block
                disabled={fields.length >= SHIPMENT_LINES_MAX}
                onClick={() => add({ codes: [] })}
              >
                {t('lines.add')}
              </Button>
            )}
          </Space>
        )}
      </Form.List>
    </>
  );
}
