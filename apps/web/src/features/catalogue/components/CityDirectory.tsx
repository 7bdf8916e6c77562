import { EnvironmentOutlined, RightOutlined } from '@ant-design/icons';
import { Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { RegionTreeData } from '../api.ts';
import { CATALOGUE_NS } from '../locales/register.ts';

/**
 * The opened cities by province as large links (the /cities landing and the committee page without a city):
 * a phone user taps a city instead of working a two-level dropdown.
 */
export function CityDirectory({ tree, linkTo }: { tree: RegionTreeData; linkTo: (cityCode: string) => string }) {
  const { t } = useTranslation(CATALOGUE_NS);
  if (tree.length === 0) return <Empty description={t('cities.noCities')} />;
  return (
    <div className="jcbb-cat-dir">
      {tree.map((province) => (
        <section key={province.code} className="jcbb-cat-dir__province" aria-labelledby={`prov-${province.code}`}>
          <h2 id={`prov-${province.code}`} className="jcbb-cat-dir__name">
            {province.name}
          </h2>
          <ul className="jcbb-cat-dir__cities">
            {province.children.map((city) => (
              <li key={city.code}>
                <Link to={linkTo(city.code)} className="jcbb-cat-dir__city">
                  <EnvironmentOutlined aria-hidden />
                  <span className="jcbb-cat-dir__city-name">{city.name}</span>
                  <span className="jcbb-cat-dir__count">
                    {city.productCount > 0
                      ? t('cities.products', { count: city.productCount })
                      : t('cities.noProducts')}
                  </span>
                  <RightOutlined aria-hidden className="jcbb-cat-dir__arrow" />
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
