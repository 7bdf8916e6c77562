import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { OrgType } from '@jcbb/contract/enums';
import { pages, pageUrl } from '@jcbb/contract/pages';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useSession } from '../../../../lib/session.ts';
import { CONSTRUCTION_NS } from '../../locales/register.ts';

/** The stock page's way to the project's Excel pages: 导入 for the construction unit, 导出 for every reader. */
export function StockXlsxButtons({ projectId }: { projectId: number }) {
  const { t } = useTranslation(CONSTRUCTION_NS);
  const navigate = useNavigate();
  const contractor = useSession().user?.organization?.type === OrgType.CONSTRUCTION;
  return (
    <>
      {contractor && (
        <Button icon={<UploadOutlined />} onClick={() => navigate(pageUrl(pages.siteStockImport, { projectId }))}>
          {t('stockXlsx.import')}
        </Button>
      )}
      <Button icon={<DownloadOutlined />} onClick={() => navigate(pageUrl(pages.siteStockExport, { projectId }))}>
        {t('stockXlsx.export')}
      </Button>
    </>
  );
}
