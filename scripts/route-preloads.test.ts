import { describe, expect, it } from 'vitest';
import { routePath, routePreloads } from './route-preloads.ts';

describe("each page's chunks, for the shell the server sends it", () => {
  it('names the page of a flat route file as the router does', () => {
    expect(routePath('index.tsx')).toBe('/');
    expect(routePath('checkstatus.tsx')).toBe('/checkstatus');
    expect(routePath('dashboard.index.tsx')).toBe('/dashboard');
    expect(routePath('dashboard.case.$id.tsx')).toBe('/dashboard/case/$id');
    expect(routePath('reset_password.$id.$token.tsx')).toBe('/reset_password/$id/$token');
    expect(routePath('__root.tsx')).toBeUndefined();
    expect(routePath('-customer-frame.tsx')).toBeUndefined();
  });

  it("lists a component's chunks and their imports all the way down, less what the entry brings, and marks layouts", () => {
    const route = (file: string) => `/work/src/routes/${file}?tsr-split=component`;
    const preloads = routePreloads([
      { fileName: 'assets/index.js', imports: ['assets/framework.js', 'assets/shell.js'], isEntry: true },
      { fileName: 'assets/framework.js', imports: [] },
      { fileName: 'assets/shell.js', imports: ['assets/framework.js'] },
      { fileName: 'assets/dashboard.js', imports: ['assets/shell.js'], facadeModuleId: route('dashboard.tsx') },
      { fileName: 'assets/case.js', imports: ['assets/shell.js', 'assets/details.js'], facadeModuleId: route('dashboard.case.$id.tsx') },
      { fileName: 'assets/details.js', imports: ['assets/badge.js', 'assets/framework.js'] },
      { fileName: 'assets/badge.js', imports: [] },
      { fileName: 'assets/not-found.js', imports: [], facadeModuleId: route('dashboard.case.$id.tsx').replace('component', 'notFoundComponent') },
      { fileName: 'assets/pdfjs.js', imports: [] },
    ]);
    expect(preloads).toEqual([
      { path: '/dashboard', layout: true, files: ['/assets/dashboard.js'] },
      { path: '/dashboard/case/$id', layout: false, files: ['/assets/case.js', '/assets/details.js', '/assets/badge.js'] },
    ]);
  });
});
