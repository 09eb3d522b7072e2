import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AgentCreditCell } from './agent-credit';

/** The Agents table's Credit cell (PRODUCT §6). */
describe('AgentCreditCell', () => {
  it('when the agent has a limit, then the available credit of the limit shows; without one, Unlimited', () => {
    const { rerender } = render(
      <MantineProvider>
        <AgentCreditCell agent={{ credit_limit: 1_000_000, balance: 200_000, available_credit: 650_000 }} />
      </MantineProvider>,
    );
    expect(screen.getByText('PKR 650,000')).toBeInTheDocument();
    expect(screen.getByText('of PKR 1,000,000')).toBeInTheDocument();
    rerender(
      <MantineProvider>
        <AgentCreditCell agent={{ credit_limit: null, balance: 0, available_credit: null }} />
      </MantineProvider>,
    );
    expect(screen.getByText('Unlimited')).toBeInTheDocument();
  });
});
