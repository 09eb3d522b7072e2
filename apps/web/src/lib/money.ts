const pkrNumber = new Intl.NumberFormat('en-PK', { maximumFractionDigits: 0 });

/** Whole rupees as 'PKR 145,000' (PRODUCT §3: money is whole rupees). */
export function formatPKR(amount: number | string | null | undefined): string {
  const value = typeof amount === 'string' ? Number(amount) : amount;
  if (value === null || value === undefined || Number.isNaN(value)) return 'N/A';
  return `PKR ${pkrNumber.format(Math.round(value))}`;
}
