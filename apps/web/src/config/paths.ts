/**
 * Every route path of the app (000 §2, 001 §2). `path` is the router pattern,
 * `getHref` builds a link. Nothing else in the app spells a path.
 */
const enc = (value: string | number) => encodeURIComponent(String(value));

export const paths = {
  home: { path: '/', getHref: () => '/' },
  aboutUs: { path: '/aboutus', getHref: () => '/aboutus' },
  updates: { path: '/updates', getHref: () => '/updates' },
  contactUs: { path: '/contactus', getHref: () => '/contactus' },
  bankAccounts: { path: '/bankaccounts', getHref: () => '/bankaccounts' },
  downloadSitemap: { path: '/download-sitemap', getHref: () => '/download-sitemap' },
  search: {
    path: '/search/:dip/:arriv/:date',
    getHref: (dip: string, arriv: string, date: string) => `/search/${enc(dip)}/${enc(arriv)}/${enc(date)}`,
  },

  signin: { path: '/signin', getHref: () => '/signin' },
  forgot: { path: '/forgot', getHref: () => '/forgot' },
  signup: { path: '/signup', getHref: () => '/signup' },
  thankYou: { path: '/thank-you', getHref: () => '/thank-you' },

  dashboard: {
    root: { path: '/dashboard', getHref: () => '/dashboard' },
    /** `?status=hold` lists only the bookings on hold (the dashboard's On Hold 'View all', decision 023). */
    bookings: { path: 'bookings', getHref: (status?: string) => `/dashboard/bookings${status ? `?status=${enc(status)}` : ''}` },
    pendingBookings: { path: 'pendingbookings', getHref: () => '/dashboard/pendingbookings' },
    cancelBookings: { path: 'cancelbookings', getHref: () => '/dashboard/cancelbookings' },
    book: { path: 'book/:id', getHref: (id: string | number) => `/dashboard/book/${enc(id)}` },
    pnr: { path: 'pnr/:pnr', getHref: (pnr: string) => `/dashboard/pnr/${enc(pnr)}` },
    /** The group's passengers with their ticket numbers (admin, decision 031); `?booking={id}` brings one booking into view. */
    pnrTickets: {
      path: 'pnr/:pnr/tickets',
      getHref: (pnr: string, bookingId?: number) => `/dashboard/pnr/${enc(pnr)}/tickets${bookingId ? `?booking=${enc(bookingId)}` : ''}`,
    },
    bookingList: {
      path: 'booking/:id/:title',
      getHref: (id: string | number, title: string) => `/dashboard/booking/${enc(id)}/${enc(title)}`,
    },
    payments: { path: 'payments', getHref: () => '/dashboard/payments' },
    /** With an agent's number: that agent's ledger (Agents Balance rows, decision 022). */
    accounts: {
      path: 'accounts',
      getHref: (agentId?: number) => (agentId === undefined ? '/dashboard/accounts' : `/dashboard/accounts?agent_id=${enc(agentId)}`),
    },
    myProfile: { path: 'my-profile', getHref: () => '/dashboard/my-profile' },
    notifications: { path: 'notifications', getHref: () => '/dashboard/notifications' },
    search: { path: 'search/:query', getHref: (query: string) => `/dashboard/search/${enc(query)}` },
    /** The signed-in flight search (decision 023): route, date, airline and sort in the query string. */
    flights: {
      path: 'flights',
      getHref: (search?: Record<string, string | null | undefined>) => {
        const params = new URLSearchParams();
        for (const [key, value] of Object.entries(search ?? {})) if (value) params.set(key, value);
        const query = params.toString();
        return `/dashboard/flights${query ? `?${query}` : ''}`;
      },
    },
    buttonBanners: {
      path: 'p/:id/:target',
      getHref: (id: string | number, target: string) => `/dashboard/p/${enc(id)}/${enc(target)}`,
    },
    airlines: { path: 'airlines', getHref: () => '/dashboard/airlines' },
    sectors: { path: 'sectors', getHref: () => '/dashboard/sectors' },
    /** `?saved={id}`: the group just saved, brought into view and marked for a moment (decision 024). */
    groups: { path: 'groups', getHref: (search?: { saved?: number }) => `/dashboard/groups${search?.saved ? `?saved=${enc(search.saved)}` : ''}` },
    addNewGroup: { path: 'addnewgroup', getHref: () => '/dashboard/addnewgroup' },
    updateGroup: { path: 'update-group/:id', getHref: (id: string | number) => `/dashboard/update-group/${enc(id)}` },
    /** `?status=pending` lists only the agents awaiting approval (decision 023). */
    agents: { path: 'agents', getHref: (status?: string) => `/dashboard/agents${status ? `?status=${enc(status)}` : ''}` },
    mySectors: { path: 'my-sectors', getHref: () => '/dashboard/my-sectors' },
    dashBtn: { path: 'dash-btn', getHref: () => '/dashboard/dash-btn' },
    groupsHistory: { path: 'groups-history', getHref: () => '/dashboard/groups-history' },
    settings: { path: 'settings', getHref: () => '/dashboard/settings' },
    users: { path: 'users', getHref: () => '/dashboard/users' },
    agentsBalance: { path: 'agents-blnc', getHref: () => '/dashboard/agents-blnc' },
    emails: { path: 'emails', getHref: () => '/dashboard/emails' },
    /** The audit trail (decision 035); `?kind=&user=&from=&to=&entity_id=` filter it. */
    audit: { path: 'audit', getHref: () => '/dashboard/audit' },
    promotion: { path: 'promotion', getHref: () => '/dashboard/promotion' },
  },
} as const;
