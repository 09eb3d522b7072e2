import { Alert, Button, FileInput, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { IMPORT_COLUMNS, type ImportTicketNumbersResponse } from '@portal/contract/ticketing';
import { IconFileImport, IconFileSpreadsheet } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { DataTable, TableCard } from '@/components/data-table';
import { ApiError, errorMessage } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useImportTicketNumbers } from '../api/import-ticket-numbers';

type Preview = ImportTicketNumbersResponse['data'];

export const FILE_REQUIRED_TEXT = 'Choose the xlsx or CSV file first.';

/** The file's rows that found their passenger: what Save writes. */
function MatchedTable({ rows }: { rows: Preview['matched'] }) {
  return (
    <TableCard caption={`Matched (${rows.length})`}>
      <DataTable
        columns={['Row', 'PNR', 'Surname', 'Given name', 'Ticket number', 'Passenger', 'Booking', 'Before']}
        minWidth={860}
        label="Matched rows"
        empty={rows.length === 0 ? { text: 'No row matches a passenger.' } : undefined}
      >
        {rows.map((row) => (
          <Table.Tr key={row.row}>
            <Table.Td>{row.row}</Table.Td>
            <Table.Td>{row.pnr}</Table.Td>
            <Table.Td>{row.surname}</Table.Td>
            <Table.Td>{row.given_name}</Table.Td>
            <Table.Td>
              <Text span ff="monospace" size="sm">
                {row.ticket_no}
              </Text>
            </Table.Td>
            <Table.Td>{row.passenger_name}</Table.Td>
            <Table.Td>#{row.booking_id}</Table.Td>
            <Table.Td>
              <Text span ff="monospace" size="sm">
                {row.previous_ticket_no ?? '-'}
              </Text>
            </Table.Td>
          </Table.Tr>
        ))}
      </DataTable>
    </TableCard>
  );
}

/** The rows Save leaves alone, with why: they are typed by hand on the booking. */
function UnmatchedTable({ rows }: { rows: Preview['unmatched'] }) {
  return (
    <TableCard caption={`Unmatched (${rows.length})`}>
      <DataTable
        columns={['Row', 'PNR', 'Surname', 'Given name', 'Ticket number', 'Reason']}
        minWidth={760}
        label="Unmatched rows"
        empty={rows.length === 0 ? { text: 'Every row matches a passenger.' } : undefined}
      >
        {rows.map((row) => (
          <Table.Tr key={row.row}>
            <Table.Td>{row.row}</Table.Td>
            <Table.Td>{row.pnr}</Table.Td>
            <Table.Td>{row.surname}</Table.Td>
            <Table.Td>{row.given_name}</Table.Td>
            <Table.Td>
              <Text span ff="monospace" size="sm">
                {row.ticket_no}
              </Text>
            </Table.Td>
            <Table.Td>{row.reason}</Table.Td>
          </Table.Tr>
        ))}
      </DataTable>
    </TableCard>
  );
}

function ImportTicketsForm({ onDone }: { onDone: () => void }) {
  const mutation = useImportTicketNumbers();
  const [file, setFile] = useState<File | null>(null);
  const [fileErrors, setFileErrors] = useState<string[]>([]);
  const [preview, setPreview] = useState<Preview | null>(null);

  // A 422 lists every problem of the file under the field; anything else is an error toast (000 §8).
  const onError = (error: unknown) => {
    const messages = error instanceof ApiError && error.status === 422 ? error.errors.file : undefined;
    if (messages?.length) setFileErrors(messages);
    else notifyError(errorMessage(error));
  };

  const run = (dryRun: boolean) => {
    if (!file) {
      setFileErrors([FILE_REQUIRED_TEXT]);
      return;
    }
    mutation.mutate(
      { file, dryRun },
      {
        onSuccess: (answer) => {
          if (dryRun) {
            setPreview(answer.data);
            return;
          }
          notifySuccess(answer.message);
          onDone();
        },
        onError,
      },
    );
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    run(preview === null);
  };

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          The airline&apos;s sheet, xlsx or CSV, with the columns {IMPORT_COLUMNS.join(', ')}. Preview shows which rows find their
          passenger; nothing is saved until you press Save.
        </Text>
        <FileInput
          label="Ticket numbers file"
          placeholder="Choose xlsx or CSV"
          accept=".xlsx,.csv,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          leftSection={<IconFileSpreadsheet size={16} />}
          clearable
          value={file}
          onChange={(next) => {
            setFile(next);
            setFileErrors([]);
            setPreview(null);
          }}
          error={
            fileErrors.length > 0 ? (
              <Stack gap={2} component="span">
                {fileErrors.map((message) => (
                  <span key={message}>{message}</span>
                ))}
              </Stack>
            ) : undefined
          }
        />
        {preview ? (
          <>
            {preview.matched.length === 0 ? (
              <Alert color="orange" variant="light">
                No row of this file matches a passenger: nothing would be saved.
              </Alert>
            ) : null}
            <MatchedTable rows={preview.matched} />
            <UnmatchedTable rows={preview.unmatched} />
          </>
        ) : null}
        {/* Kept in view at the foot of the dialog: a long preview on a phone does not hide Save (issue 18 screenshots). */}
        <Group
          justify="flex-end"
          gap="sm"
          pos="sticky"
          bottom={0}
          py="sm"
          bg="var(--mantine-color-body)"
          style={{ zIndex: 1, borderTop: '1px solid var(--mantine-color-default-border)' }}
        >
          <Button variant="default" onClick={onDone}>
            Close
          </Button>
          {preview ? (
            <Button type="submit" loading={mutation.isPending} disabled={preview.matched.length === 0}>
              Save {preview.matched.length} ticket number{preview.matched.length === 1 ? '' : 's'}
            </Button>
          ) : (
            <Button type="submit" loading={mutation.isPending}>
              Preview
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}

/** 'Import file' (admin, PRODUCT §6): the airline's sheet, previewed as a dry run (matched and unmatched) before saving. */
export function ImportTicketsButton() {
  const [opened, { open, close }] = useDisclosure(false);
  // Full screen on a phone, as the Book Ticket dialog: the preview's cards get the whole width.
  const phone = useMediaQuery('(max-width: 48em)');
  return (
    <>
      <Button variant="light" leftSection={<IconFileImport size={16} />} onClick={open}>
        Import file
      </Button>
      <Modal opened={opened} onClose={close} title="Import ticket numbers" size={1040} fullScreen={Boolean(phone)}>
        {opened ? <ImportTicketsForm onDone={close} /> : null}
      </Modal>
    </>
  );
}
