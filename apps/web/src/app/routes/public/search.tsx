import { Container, Paper, Stack, Text, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { SearchResultsTable } from '@/features/search/components/search-results-table';
import { SearchTicketsForm } from '@/features/search/components/search-tickets-form';
import { formatDate } from '@/lib/format';

/** /search/{dip}/{arriv}/{date} (000 §2): the form prefilled and the results table. */
export default function SearchRoute() {
  const { dip = '', arriv = '', date = '' } = useParams();
  const validDate = /^\d{4}-\d{2}-\d{2}$/.test(date) ? date : null;

  return (
    <Container size="xl" py="xl">
      <Stack gap="lg">
        <Stack gap={2}>
          <Title order={1} fz={{ base: 24, sm: 30 }}>
            {dip} to {arriv}
          </Title>
          <Text c="dimmed">Group tickets departing {validDate ? formatDate(validDate) : date}</Text>
        </Stack>
        <Paper withBorder p="md" radius="lg" shadow="xs">
          <SearchTicketsForm key={`${dip}-${arriv}-${date}`} initial={{ departure: dip, arrival: arriv, date: validDate }} />
        </Paper>
        <SearchResultsTable />
      </Stack>
    </Container>
  );
}
