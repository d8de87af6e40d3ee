import { Trans } from '@lingui/react/macro';

export function SiteFooter() {
  const year = new Date().getFullYear();
  return (
    <footer className="site-footer">
      <p>
        {/* SPEC section 1: the corporation's copyright line reading "All Right Reserved". */}
        <Trans>© {year} Housing Development Corporation. All Right Reserved.</Trans>
      </p>
    </footer>
  );
}
