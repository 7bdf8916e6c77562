import { InfoCircleOutlined } from '@ant-design/icons';
import { Button, Popover, Typography } from 'antd';
import { createContext, type ReactNode, useContext } from 'react';
import { useTranslation } from 'react-i18next';
import { STATISTICS_NS } from '../../locales/statistics-register.ts';
import type { StatisticsData } from '../../statistics-api.ts';

type Definitions = Pick<StatisticsData, 'definitions' | 'definitionVersion'>;

const DefinitionsContext = createContext<Definitions>({ definitions: [], definitionVersion: '' });

/** The answer's definitions and their version, for every card and chart below. */
export function DefinitionsProvider({ value, children }: { value: Definitions; children: ReactNode }) {
  return <DefinitionsContext.Provider value={value}>{children}</DefinitionsContext.Provider>;
}

const normal = (key: string) => key.toLowerCase().replace(/[^a-z0-9]/g, '');

/**
 * The server's definition of a figure: the first of `keys` it names (snake_case or camelCase alike: the statistics'
 * keys are the server's, docs/government.md "Definitions"), else none.
 */
function useDefinition(keys: readonly string[]) {
  const { definitions } = useContext(DefinitionsContext);
  for (const key of keys) {
    const found = definitions.find((d) => normal(d.key) === normal(key));
    if (found) return found;
  }
  return undefined;
}

/**
 * An ⓘ beside a figure's name: its definition as the server states it (name, text, source) with the definitions'
 * version, or, where the server names none of `keys`, the page's own one-line `fallback`.
 */
export function DefinitionInfo({ name, keys, fallback }: { name: string; keys: readonly string[]; fallback: string }) {
  const { t, i18n } = useTranslation(STATISTICS_NS);
  const english = i18n.language.startsWith('en');
  const { definitionVersion } = useContext(DefinitionsContext);
  const found = useDefinition(keys);
  const content = (
    <div style={{ maxWidth: 320 }}>
      <Typography.Paragraph style={{ marginBottom: 4 }}>
        {found ? (english ? found.definitionEn : found.definition) : fallback}
      </Typography.Paragraph>
      {found?.source && (
        <Typography.Paragraph type="secondary" style={{ marginBottom: 4, fontSize: 12 }}>
          {t('definitions.source', { source: found.source })}
        </Typography.Paragraph>
      )}
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('definitions.version', { version: definitionVersion })}
      </Typography.Text>
    </div>
  );
  const title = found ? (english ? found.nameEn : found.name) : name;
  return (
    <Popover content={content} title={title} trigger="click">
      <Button
        type="text"
        size="small"
        icon={<InfoCircleOutlined />}
        aria-label={t('definitions.info', { name })}
        onClick={(e) => e.stopPropagation()}
      />
    </Popover>
  );
}

/** Every definition of the answer, folded: the page's 统计口径说明. */
export function DefinitionList() {
  const { t, i18n } = useTranslation(STATISTICS_NS);
  const english = i18n.language.startsWith('en');
  const { definitions, definitionVersion } = useContext(DefinitionsContext);
  return (
    <div>
      <Typography.Paragraph type="secondary">
        {t('definitions.hint')} {t('definitions.version', { version: definitionVersion })}
      </Typography.Paragraph>
      <dl style={{ margin: 0 }}>
        {definitions.map((d) => (
          <div key={d.key} style={{ marginBottom: 8 }}>
            <dt style={{ fontWeight: 600 }}>{english ? d.nameEn : d.name}</dt>
            <dd style={{ margin: 0 }}>
              {english ? d.definitionEn : d.definition}
              <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
                {t('definitions.source', { source: d.source })}
              </Typography.Text>
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
