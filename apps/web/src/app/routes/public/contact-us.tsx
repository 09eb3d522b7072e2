import { usePublicSettings } from '@/features/public-site/api/get-public-settings';
import { ContactDesks } from '@/features/public-site/components/contact-desks';
import { usePageMeta } from '@/lib/page-meta';
import { StaticPage } from './static-page';

/** Contact Us (000 §1): desks with call and WhatsApp links carrying a prefilled message (+92), and the e-mail. */
export default function ContactUsRoute() {
  usePageMeta({
    title: 'Contact Us',
    description: 'Call or WhatsApp the Group Fares sales and accounts desks, or write to our support e-mail.',
  });
  const { settings } = usePublicSettings();
  return (
    <StaticPage title="Contact Us" lead="Our desks are open every day. Call or message us on WhatsApp.">
      <ContactDesks settings={settings} />
    </StaticPage>
  );
}
