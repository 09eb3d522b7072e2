import type { Role } from '@portal/contract/common';
import {
  IconBuildingAirport,
  IconFileSearch,
  IconHistory,
  IconLayoutDashboard,
  IconMail,
  IconPlane,
  IconRoute,
  IconSearch,
  IconSettings,
  IconSettingsCog,
  IconTicket,
  IconUsers,
  IconUsersGroup,
  IconWallet,
  IconWorldWww,
  type Icon,
} from '@tabler/icons-react';
import { paths } from '@/config/paths';

export type SidebarLink = { label: string; to: string; badge?: string };
export type SidebarItem = { label: string; icon: Icon; to?: string; badge?: string; children?: SidebarLink[] };
export type SidebarSection = { title: string; items: SidebarItem[] };

const d = paths.dashboard;

/** Sidebar links as 000 §2 and 001 §2 (the seeds' fixed '10+' / '32+' badges are left out: real numbers only, issue 21 §10); Management and admin links only for admins. */
export function getSidebarSections(role: Role): SidebarSection[] {
  const admin = role === 'admin';
  const general: SidebarItem[] = [
    { label: 'Dashboard', icon: IconLayoutDashboard, to: d.root.getHref() },
    // Decision 023: the route, date and airline search, sorted, inside the dashboard.
    { label: 'Search Flights', icon: IconSearch, to: d.flights.getHref() },
    {
      label: 'Bookings',
      icon: IconTicket,
      children: [
        { label: 'All Bookings', to: d.bookings.getHref() },
        { label: 'Unpaid', to: d.pendingBookings.getHref() },
      ],
    },
    {
      label: 'Accounts',
      icon: IconWallet,
      children: admin
        ? [
            { label: 'General Report', to: d.payments.getHref() },
            { label: 'Agents Balance', to: d.agentsBalance.getHref() },
            { label: 'Agent Ledger', to: d.accounts.getHref() },
          ]
        : [{ label: 'My Ledger', to: d.accounts.getHref() }],
    },
  ];
  const sections: SidebarSection[] = [{ title: 'General', items: general }];
  if (admin) {
    sections.push({
      title: 'Management',
      items: [
        { label: 'Groups', icon: IconPlane, to: d.groups.getHref() },
        { label: 'Airlines', icon: IconBuildingAirport, to: d.airlines.getHref() },
        { label: 'Sectors', icon: IconRoute, to: d.sectors.getHref() },
        { label: 'Agents', icon: IconUsersGroup, to: d.agents.getHref() },
        {
          label: 'Dashboard Setting',
          icon: IconSettingsCog,
          children: [
            { label: 'My Sectors', to: d.mySectors.getHref() },
            { label: 'Custom Btn', to: d.dashBtn.getHref() },
          ],
        },
        { label: 'Pages', icon: IconWorldWww, children: [{ label: 'Promotion Banner', to: d.promotion.getHref() }] },
        { label: 'Emails', icon: IconMail, to: d.emails.getHref() },
      ],
    });
    sections.push({
      title: 'Settings',
      items: [
        { label: 'All Users', icon: IconUsers, to: d.users.getHref() },
        { label: 'Groups History', icon: IconHistory, to: d.groupsHistory.getHref() },
        { label: 'Settings', icon: IconSettings, to: d.settings.getHref() },
        { label: 'Audit', icon: IconFileSearch, to: d.audit.getHref() },
      ],
    });
  }
  return sections;
}

