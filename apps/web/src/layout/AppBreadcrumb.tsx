import { Breadcrumb } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { Crumb } from '../app/menu.ts';

/** Where the page sits in the route table (spec §2), 首页 first; the last crumb is the page itself. */
export function AppBreadcrumb({ crumbs }: { crumbs: Crumb[] }) {
  const { t } = useTranslation();
  if (crumbs.length === 0) return null;
  const items = crumbs.map((crumb, index) => {
    const title = crumb.literal ? crumb.title : t(crumb.title);
    const last = index === crumbs.length - 1;
    return {
      key: `${index}-${crumb.title}`,
      title:
        crumb.to && !last ? (
          <Link to={crumb.to}>{title}</Link>
        ) : (
          <span aria-current={last ? 'page' : undefined}>{title}</span>
        ),
    };
  });
  return (
    <nav aria-label={t('layout.breadcrumb')} className="jcbb-breadcrumb">
      <Breadcrumb items={items} />
    </nav>
  );
}
