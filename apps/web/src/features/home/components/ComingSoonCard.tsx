import { ClockCircleOutlined } from '@ant-design/icons';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Panel } from './Panel.tsx';

/** A figure a later module will provide: its name, what it will count, and "即将上线" instead of a number. */
export function ComingSoonCard({ title, description }: { title: string; description: string }) {
  const { t } = useTranslation('home');
  return (
    <Panel className="jcbb-figure jcbb-figure--soon">
      <div className="jcbb-figure__head">
        <span className="jcbb-figure__icon is-muted" aria-hidden>
          <ClockCircleOutlined />
        </span>
        <span className="jcbb-figure__title">{title}</span>
      </div>
      <div className="jcbb-figure__value">
        <Tag color="default" className="jcbb-figure__soon">
          {t('comingSoon')}
        </Tag>
      </div>
      <p className="jcbb-figure__desc">{description}</p>
    </Panel>
  );
}
