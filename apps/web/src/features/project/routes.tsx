import { Role } from '@jcbb/contract/enums';
import { pages } from '@jcbb/contract/pages';
import { lazyPage, page, type RouteItem } from '../../lib/route-types.ts';

const ListPage = lazyPage(() => import('./pages/ProjectListPage.tsx').then((m) => ({ default: m.ProjectListPage })));
const DetailPage = lazyPage(() =>
  import('./pages/ProjectDetailPage.tsx').then((m) => ({ default: m.ProjectDetailPage })),
);
const EditPage = lazyPage(() => import('./pages/ProjectEditPage.tsx').then((m) => ({ default: m.ProjectEditPage })));
const CityListPage = lazyPage(() =>
  import('./pages/CityProjectListPage.tsx').then((m) => ({ default: m.CityProjectListPage })),
);

export const PROJECT_LIST_PATH = '/project/list';
/** The detail's first query, started beside its code (lib/record-id.ts, `recordData`). */
const projectData = () => import('./detail-data.ts');

/**
 * The project pages (spec §2 /project). The list and the detail are not behind the 暂无项目 check: the list is where
 * an organisation without a project sees its invitations (and a developer registers its first project), and the
 * server answers 404 for a project the user may not see.
 */
export const projectRoutes = {
  list: page('list', 'projectList', ListPage, { keepAlive: true, data: () => import('./list-data.ts') }),
  detail: page(pages.projectDetail.path, 'projectDetail', DetailPage, {
    hidden: true,
    activeMenu: PROJECT_LIST_PATH,
    data: projectData,
  }),
  /** The developer's register form (create, or edit with ?id=). */
  edit: page('edit', 'projectEdit', EditPage, { hidden: true, activeMenu: PROJECT_LIST_PATH }),
} satisfies Record<string, RouteItem>;

/** The city committee's read-only pages: its city's projects and each project's detail. */
export const cityProjectRoutes: RouteItem[] = [
  page('/gov/projects', 'cityProjects', CityListPage, {
    icon: 'ProjectOutlined',
    roles: [Role.CITY_COMMITTEE],
    keepAlive: true,
  }),
  page(pages.projectDetail.path, 'projectDetail', DetailPage, {
    hidden: true,
    activeMenu: '/gov/projects',
    roles: [Role.CITY_COMMITTEE],
    data: projectData,
  }),
];
