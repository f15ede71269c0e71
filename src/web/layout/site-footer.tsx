import { Link } from 'wouter';
import { paths } from '@shared/routes';
import { clickEvent } from '@web/analytics/marked-clicks';
import { usePlans } from '@web/billing/use-plans';

const footerLinks = [
  { href: paths.privacy, label: 'Privacy Policy' },
  { href: paths.support, label: 'Support' },
  { href: paths.upgrade, label: 'Pricing', billingOnly: true },
  { href: paths.releases, label: "What's New" },
  { href: paths.mobileApps, label: 'Mobile Apps' },
];

export function SiteFooter() {
  const plans = usePlans();
  // Pricing only once billing is known to be on: a self-hosted install has nothing to sell.
  const billingOn = plans.data !== undefined && plans.data.billing !== 'off';
  const links = footerLinks.filter((link) => billingOn || !('billingOnly' in link));
  return (
    <footer className="border-t border-border">
      <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-8 text-sm text-muted-foreground sm:flex-row sm:items-center sm:justify-between">
        <nav aria-label="Footer">
          <ul className="flex flex-wrap gap-x-6 gap-y-2">
            {links.map(({ href, label }) => (
              <li key={href}>
                <Link
                  href={href}
                  className="rounded-sm hover:text-foreground hover:underline"
                  {...clickEvent('footer_click', { link: label })}
                >
                  {label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <p>© {new Date().getFullYear()} Stash</p>
      </div>
    </footer>
  );
}
