import type { ReactNode } from 'react';
import { SiteFooter } from './site-footer.tsx';
import { SiteHeader } from './site-header.tsx';

/** Every public page shares the landing page's bars and footer, so a visitor never loses the way. */
export function PublicLayout({ children }: { children: ReactNode }) {
  return (
    <div className="public-layout">
      <SiteHeader />
      {children}
      <SiteFooter />
    </div>
  );
}
