import { Card, Group, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { BankAccount } from '@portal/contract/settings';
import { IconBuildingBank } from '@tabler/icons-react';
import { CopyValue } from './copy-value';

/**
 * The bank cards of Bank Accounts Details (000 §1: 8 cards; clicking the title, account number or IBAN copies
 * it and shows 'Copied'). The accounts come from the settings (issue 7).
 */
export function BankAccountCards({ accounts, loading = false }: { accounts: readonly BankAccount[]; loading?: boolean }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg" aria-busy={loading || undefined}>
      {accounts.map((account) => (
        <Card key={`${account.bank_name}-${account.iban}`} padding="lg" shadow="xs" withBorder component="article" aria-label={account.bank_name}>
          <Stack gap="sm">
            <Group gap="sm" wrap="nowrap">
              <ThemeIcon size={40} radius="md" variant="light" aria-hidden>
                <IconBuildingBank size={22} stroke={1.6} />
              </ThemeIcon>
              <Stack gap={0}>
                <Title order={2} fz="lg">
                  {account.bank_name}
                </Title>
                {account.branch ? (
                  <Text size="xs" c="dimmed">
                    {account.branch}
                  </Text>
                ) : null}
              </Stack>
            </Group>
            {loading ? (
              <Skeleton h={96} />
            ) : (
              <>
                <CopyValue label="Account Title" value={account.account_title} />
                <CopyValue label="Account Number" value={account.account_number} mono />
                <CopyValue label="IBAN" value={account.iban} mono />
              </>
            )}
          </Stack>
        </Card>
      ))}
    </SimpleGrid>
  );
}
