import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import shellZh from '../../lib/locales/zh-CN.ts';
import { InFrameContext, RouteItemContext } from '../../lib/route-context.ts';
import type { FlatRoute } from '../../lib/route-index.ts';
import { type SessionUser, session } from '../../lib/session.ts';
import { renderWithProviders } from '../../test/render.tsx';
import routeDescZh from './locales/zh-CN.ts';
import PlaceholderPage from './PlaceholderPage.tsx';

function user(roles: string[], orgType: number | null): SessionUser {
  return {
    id: 1,
    username: 'u',
    realName: '张三',
    mobile: '13800000001',
    headimgurl: null,
    roles,
    org: orgType === null ? null : { name: '南京绿筑新材料有限公司' },
    organization: orgType === null ? null : { id: 1, type: orgType, type_enum: 'x', status: '已认证', certStatus: 2 },
    companyId: orgType === null ? null : 1,
  };
}

/** The placeholder of /external/carbonExchange (an account-centre service) in the console frame, as the route table has it. */
function renderService() {
  const route: FlatRoute = {
    fullPath: '/external/carbonExchange',
    item: {
      path: '/external/carbonExchange',
      meta: { title: 'route.carbonExchange', description: 'routeDesc:carbonExchange', externalSite: '/carbonExchange' },
    },
    ancestors: [],
  };
  renderWithProviders(
    <InFrameContext.Provider value={true}>
      <RouteItemContext.Provider value={route}>
        <PlaceholderPage />
      </RouteItemContext.Provider>
    </InFrameContext.Provider>,
    { translation: shellZh, routeDesc: routeDescZh },
  );
}

afterEach(() => {
  session.setUser(null);
});

describe('the placeholder of an account-centre service without a configured address', () => {
  it('tells the platform operator (super_admin) what is missing', () => {
    session.setUser(user(['super_admin'], null));
    renderService();
    expect(screen.getByRole('alert')).toHaveTextContent('当前尚未配置账户中心地址（EXTERNAL_SITE_URL）');
  });

  it('shows anyone else the page without any word about configuration', () => {
    session.setUser(user(['企业管理员'], 6));
    renderService();
    expect(screen.getByRole('heading', { name: '碳交易功能正在建设中' })).toBeInTheDocument();
    expect(screen.getByText(/碳交易：查看本企业的碳资产与交易记录/)).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(/配置/);
  });
});
