import type { ReceivablesByAgeResponse, SalesReceiptsResponse, SeatsBySectorResponse } from '@portal/contract/insights';

/** 30 days ending 2031-03-30: sales on the first and last day, receipts on the last. */
export function buildSalesReceipts(): SalesReceiptsResponse {
  const days = Array.from({ length: 30 }, (_, index) => ({ date: `2031-03-${String(index + 1).padStart(2, '0')}`, sales: 0, receipts: 0 }));
  days[0] = { ...days[0]!, sales: 100_000 };
  days[29] = { ...days[29]!, sales: 195_000, receipts: 50_000 };
  return { data: { from: '2031-03-01', to: '2031-03-30', days, total_sales: 295_000, total_receipts: 50_000 } };
}

export function buildSeatsBySector(): SeatsBySectorResponse {
  return {
    data: [
      { sector: 'LHE - JED', groups: 3, for_sale: 30, sold: 9, remaining: 21 },
      { sector: 'KHI - JED', groups: 1, for_sale: 10, sold: 1, remaining: 9 },
    ],
  };
}

export function buildReceivables(): ReceivablesByAgeResponse {
  return {
    data: {
      today: '2031-03-30',
      agents: [
        { user_id: 7, agent_id: 1007, agent_name: 'Beta Tours', days_0_7: 10_000, days_8_30: 20_000, days_31_60: 50_000, days_over_60: 30_000, total: 110_000 },
        { user_id: 5, agent_id: 1005, agent_name: 'Alpha Travels', days_0_7: 10_000, days_8_30: 60_000, days_31_60: 0, days_over_60: 0, total: 70_000 },
      ],
    },
  };
}
