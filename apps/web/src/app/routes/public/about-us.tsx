import { List, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { usePageMeta } from '@/lib/page-meta';
import { StaticPage } from './static-page';

/** About Us (000 §1). */
export default function AboutUsRoute() {
  usePageMeta({
    title: 'About Us',
    description: 'Group Fares is a wholesaler of airline group tickets for travel agents in Pakistan.',
  });
  return (
    <StaticPage title="About Us" lead="A wholesaler of airline group tickets for travel agents in Pakistan.">
      <Stack gap="md" maw={760}>
        <Text>
          We buy seats in bulk from airlines and offer them to travel agencies as group tickets, each block under one
          booking reference (PNR). Agencies search the sectors they sell, hold seats for their passengers and confirm
          when payment is made, all from one portal.
        </Text>
        <List
          spacing="sm"
          icon={
            <ThemeIcon size={22} radius="xl" aria-hidden>
              <IconCheck size={14} />
            </ThemeIcon>
          }
        >
          <List.Item>Group fares on popular sectors, updated daily</List.Item>
          <List.Item>Bookings, passenger lists and payments in one place</List.Item>
          <List.Item>A dedicated desk for every registered agency</List.Item>
        </List>
      </Stack>
    </StaticPage>
  );
}
