import { Anchor, Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { Logo } from '@/components/logo';
import { usePublicSettings } from '@/features/public-site/api/get-public-settings';
import { paths } from '@/config/paths';
import classes from './public-footer.module.css';

const companyLinks = [
  { label: 'About Us', to: paths.aboutUs.getHref() },
  { label: 'Updates', to: paths.updates.getHref() },
  { label: 'Contact Us', to: paths.contactUs.getHref() },
  { label: 'Bank Accounts', to: paths.bankAccounts.getHref() },
  { label: 'Sitemap', to: paths.downloadSitemap.getHref() },
];

const portalLinks = [
  { label: 'Login', to: paths.signin.getHref() },
  { label: 'Register', to: paths.signup.getHref() },
];

/** Column titles are h2s styled small: the page's last section heading is an h2, so an h4 would skip levels. */
function FooterColumn({ title, links }: { title: string; links: { label: string; to: string }[] }) {
  return (
    <Stack gap={8}>
      <Title order={2} c="white" fz="sm" tt="uppercase" style={{ letterSpacing: 1 }}>
        {title}
      </Title>
      {links.map((link) => (
        <Anchor key={link.to} component={Link} to={link.to} className={classes.link}>
          {link.label}
        </Anchor>
      ))}
    </Stack>
  );
}

/** Footer (000 §2): Company links, an empty Products column, Portal links (login, register). */
export function PublicFooter() {
  const supportEmail = usePublicSettings().settings.support_email;
  return (
    <footer className={classes.footer}>
      <Container size="xl" py={48}>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="xl">
          <Stack gap="sm">
            <Logo inverted />
            <Text size="sm" c="gray.4" maw={280}>
              Airline group tickets for travel agents across Pakistan: search, book and pay in one place.
            </Text>
            <Anchor href={`mailto:${supportEmail}`} size="sm" className={classes.link}>
              {supportEmail}
            </Anchor>
          </Stack>
          <FooterColumn title="Company" links={companyLinks} />
          <FooterColumn title="Products" links={[]} />
          <FooterColumn title="Portal" links={portalLinks} />
        </SimpleGrid>
      </Container>
      <div className={classes.bottom}>
        <Container size="xl">
          <Group justify="space-between" py="md" gap="xs">
            {/* The year of the prerendered HTML may be last year's (decision 012). */}
            <Text size="xs" c="gray.5" suppressHydrationWarning>
              © {new Date().getFullYear()} Group Fares. All rights reserved.
            </Text>
            <Text size="xs" c="gray.5">
              Prices in PKR · Times in Pakistan Standard Time
            </Text>
          </Group>
        </Container>
      </div>
    </footer>
  );
}
