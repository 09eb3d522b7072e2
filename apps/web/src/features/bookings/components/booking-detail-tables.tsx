import { ActionIcon, Anchor, Group, Table, Text } from '@mantine/core';
import { PASSENGER_TYPE_LABELS } from '@portal/contract/bookings';
import { formatPassengerName } from '@portal/contract/ticketing';
import type { BookingDetail, BookingGroupData, BookingPayment } from '@portal/contract/booking-lifecycle';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { DataTable, TableCard } from '@/components/data-table';
import { confirmAction } from '@/lib/confirm';
import { formatDate } from '@/lib/format';
import { formatPKR } from '@/lib/money';
import { notifyOutcome } from '@/lib/notify';
import { useDeletePayment } from '../api/delete-payment';
import { EditPaymentModal } from './edit-payment-modal';
import type { PaymentBooking } from './payment-form';

function SectionTable({ caption, columns, minWidth, empty, children }: {
  caption: string;
  columns: string[];
  minWidth: number;
  empty: boolean;
  children: ReactNode;
}) {
  return (
    <TableCard caption={caption}>
      <DataTable columns={columns} minWidth={minWidth} label={caption} empty={empty ? { text: 'No Data Found' } : undefined}>
        {empty ? null : children}
      </DataTable>
    </TableCard>
  );
}

/** A signed link to a private scan, opened in a new tab (PRODUCT §4 "Files and documents"). */
function FileLink({ href, label }: { href: string | null; label: string }) {
  if (!href) return <Text size="sm">N/A</Text>;
  return (
    <Anchor href={href} target="_blank" rel="noopener noreferrer" size="sm" aria-label={label}>
      View
    </Anchor>
  );
}


/** The flights of the booked group, in leg order. */
export function LegsTable({ legs }: { legs: BookingGroupData['legs'] }) {
  const sorted = [...legs].sort((a, b) => a.position - b.position);
  return (
    <SectionTable caption="Flights" columns={['Flight', 'Sector', 'Departure', 'Arrival', 'Baggage']} minWidth={640} empty={sorted.length === 0}>
      {sorted.map((leg) => (
        <Table.Tr key={leg.position}>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>{leg.departure_flight_number}</Table.Td>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>{leg.departure_sector_name}</Table.Td>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>
            {formatDate(leg.departure_date)} {leg.departure_time}
            <Text size="xs" c="dimmed">
              {leg.departure_airport_name}
              {leg.departure_terminal ? ` (${leg.departure_terminal})` : ''}
            </Text>
          </Table.Td>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>
            {formatDate(leg.arivval_date)} {leg.arivval_time}
            <Text size="xs" c="dimmed">
              {leg.arivval_airport_name}
              {leg.arivval_terminal ? ` (${leg.arivval_terminal})` : ''}
            </Text>
          </Table.Td>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>
            {leg.departure_baggage}kg + {leg.departure_handcarry}kg
          </Table.Td>
        </Table.Tr>
      ))}
    </SectionTable>
  );
}

/** Passengers (000 §2): title, name, type, date of birth, passport number and expiry, passport and visa links. */
export function PassengersTable({ passengers }: { passengers: BookingDetail['booking_sub'] }) {
  const sorted = [...passengers].sort((a, b) => a.position - b.position);
  return (
    <SectionTable
      caption="Passengers"
      columns={['#', 'Title', 'Name', 'Type', 'Date of Birth', 'Passport No', 'Passport Expiry', 'Ticket No', 'Passport', 'Visa']}
      minWidth={1000}
      empty={sorted.length === 0}
    >
      {sorted.map((passenger, index) => {
        const fullName = formatPassengerName({ firstname: passenger.firstname, lastname: passenger.lastname });
        return (
          <Table.Tr key={passenger.id}>
            <Table.Td>{index + 1}</Table.Td>
            <Table.Td>{passenger.title}</Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{fullName}</Table.Td>
            <Table.Td>{PASSENGER_TYPE_LABELS[passenger.type]}</Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(passenger.dob)}</Table.Td>
            <Table.Td>{passenger.passport_no}</Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(passenger.passport_expiry_date)}</Table.Td>
            <Table.Td>
              <Text span ff="monospace" size="sm">
                {passenger.ticket_no ?? 'N/A'}
              </Text>
            </Table.Td>
            <Table.Td>
              <FileLink href={passenger.passport_img} label={`Passport of ${fullName}`} />
            </Table.Td>
            <Table.Td>
              <FileLink href={passenger.visa_copy} label={`Visa of ${fullName}`} />
            </Table.Td>
          </Table.Tr>
        );
      })}
    </SectionTable>
  );
}

/** Edit and delete of one payment (000 §6: the payments Action column is admin-only). */
function PaymentActions({ payment, onEdit }: { payment: BookingPayment; onEdit: () => void }) {
  const deleteMutation = useDeletePayment();
  const label = `payment of ${formatPKR(payment.receive_amount)} on ${formatDate(payment.receive_date)}`;
  // 000 §8: the server's message is the toast either way.
  const remove = () =>
    confirmAction({
      title: 'Delete payment',
      danger: true,
      onConfirm: () => notifyOutcome(deleteMutation.mutateAsync(payment.id)),
    });
  return (
    <Group gap={4} wrap="nowrap">
      <ActionIcon variant="subtle" aria-label={`Edit ${label}`} onClick={onEdit}>
        <IconPencil size={16} />
      </ActionIcon>
      <ActionIcon variant="subtle" color="red" aria-label={`Delete ${label}`} loading={deleteMutation.isPending} onClick={remove}>
        <IconTrash size={16} />
      </ActionIcon>
    </Group>
  );
}

type PaymentsTableProps = { payments: BookingDetail['payments']; admin: boolean; booking: PaymentBooking };

/** Payments (000 §2): date, amount, description and, for admins, who added it and the edit and delete actions. */
export function PaymentsTable({ payments, admin, booking }: PaymentsTableProps) {
  const [editing, setEditing] = useState<BookingPayment | null>(null);
  const columns = ['Receive Date', 'Amount', 'Description', ...(admin ? ['Added By', 'Action'] : [])];
  return (
    <>
      <SectionTable caption="Payments" columns={columns} minWidth={admin ? 720 : 480} empty={payments.length === 0}>
        {payments.map((payment) => (
          <Table.Tr key={payment.id}>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(payment.receive_date)}</Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatPKR(payment.receive_amount)}</Table.Td>
            <Table.Td>{payment.text}</Table.Td>
            {admin ? (
              <>
                <Table.Td>
                  {payment.added_by ?? 'N/A'}
                  {payment.edit_by ? (
                    <Text size="xs" c="dimmed">
                      Edited by {payment.edit_by}
                    </Text>
                  ) : null}
                </Table.Td>
                <Table.Td>
                  <PaymentActions payment={payment} onEdit={() => setEditing(payment)} />
                </Table.Td>
              </>
            ) : null}
          </Table.Tr>
        ))}
      </SectionTable>
      {admin ? <EditPaymentModal booking={booking} payment={editing} onClose={() => setEditing(null)} /> : null}
    </>
  );
}
