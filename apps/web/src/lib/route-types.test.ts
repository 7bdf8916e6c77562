import { describe, expect, it } from 'vitest';
import { page } from './route-types.ts';

const Page = () => null;

describe('page()', () => {
  it("titles an entry with the shell's route.<key>, and keeps hidden out of meta", () => {
    expect(page('/project/list', 'projectList', Page, { keepAlive: true, hidden: true })).toEqual({
      path: '/project/list',
      hidden: true,
      component: Page,
      meta: { title: 'route.projectList', keepAlive: true },
    });
  });

  it("takes a feature's namespaced key as it is", () => {
    expect(page('/admin/organizations', 'admin:routes.organizations', Page).meta?.title).toBe(
      'admin:routes.organizations',
    );
    expect(page('/x', 'x', Page)).not.toHaveProperty('hidden');
  });
});
