import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Grid, Group, Modal, TextInput } from '@mantine/core';
import {
  addSectorBodySchema,
  buildSectorName,
  updateSectorBodySchema,
  type AddSectorBody,
  type Sector,
  type UpdateSectorBody,
} from '@portal/contract/sectors';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { fieldsOf, showFormError } from '@/lib/form-errors';
import { notifySuccess } from '@/lib/notify';
import { useCreateSector } from '../api/create-sector';
import { useUpdateSector } from '../api/update-sector';

type SectorFormValues = { from_sector: string; from_city: string; to_sector: string; to_city: string };
type SectorFormOutput = AddSectorBody | UpdateSectorBody;

const FIELDS = [
  { name: 'from_sector', label: 'From Sector', placeholder: 'LHE' },
  { name: 'from_city', label: 'From City', placeholder: 'LAHORE' },
  { name: 'to_sector', label: 'To Sector', placeholder: 'JED' },
  { name: 'to_city', label: 'To City', placeholder: 'JEDDAH' },
] as const;

type SectorFormProps = { sector?: Sector; onDone: () => void };

/** Add/Edit sector (001 §2, §5): four required fields forced to upper case as typed; the name is FROM - TO, read-only. */
function SectorForm({ sector, onDone }: SectorFormProps) {
  const createMutation = useCreateSector();
  const updateMutation = useUpdateSector();
  const form = useForm<SectorFormValues, unknown, SectorFormOutput>({
    resolver: zodResolver(sector ? updateSectorBodySchema : addSectorBodySchema) as unknown as Resolver<
      SectorFormValues,
      unknown,
      SectorFormOutput
    >,
    defaultValues: {
      from_sector: sector?.from_sector ?? '',
      from_city: sector?.from_city ?? '',
      to_sector: sector?.to_sector ?? '',
      to_city: sector?.to_city ?? '',
    },
  });
  const { errors } = form.formState;
  const [fromSector, toSector] = useWatch({ control: form.control, name: ['from_sector', 'to_sector'] });
  const sectorName = fromSector || toSector ? buildSectorName(fromSector, toSector) : '';

  const submit = form.handleSubmit((body) => {
    const callbacks = {
      onSuccess: (answer: { message: string }) => {
        notifySuccess(answer.message);
        onDone();
      },
      onError: (error: unknown) => showFormError(error, form.setError, fieldsOf<SectorFormValues>(FIELDS.map((f) => f.name))),
    };
    if (sector) updateMutation.mutate({ id: sector.id, body: body as UpdateSectorBody }, callbacks);
    else createMutation.mutate(body as AddSectorBody, callbacks);
  });

  return (
    <form noValidate onSubmit={submit}>
      <Grid gap="md">
        {FIELDS.map(({ name, label, placeholder }, index) => {
          const field = form.register(name);
          return (
            <Grid.Col key={name} span={{ base: 12, xs: 6 }}>
              <TextInput
                label={label}
                placeholder={placeholder}
                required
                data-autofocus={index === 0 ? true : undefined}
                error={errors[name]?.message}
                {...field}
                onChange={(event) => {
                  // Upper-case as typed (001 §5), keeping the caret where it was.
                  const input = event.currentTarget;
                  const caret = input.selectionStart;
                  input.value = input.value.toUpperCase();
                  if (caret !== null) input.setSelectionRange(caret, caret);
                  return field.onChange(event);
                }}
              />
            </Grid.Col>
          );
        })}
        <Grid.Col span={12}>
          <TextInput label="Sector Name" readOnly value={sectorName} placeholder="FROM - TO" variant="filled" />
        </Grid.Col>
        <Grid.Col span={12}>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onDone}>
              Cancel
            </Button>
            <Button type="submit" loading={createMutation.isPending || updateMutation.isPending}>
              Save
            </Button>
          </Group>
        </Grid.Col>
      </Grid>
    </form>
  );
}

type SectorFormModalProps = { opened: boolean; onClose: () => void; sector?: Sector };

export function SectorFormModal({ opened, onClose, sector }: SectorFormModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={sector ? 'Edit Sector' : 'Add New sector'}>
      {opened ? <SectorForm sector={sector} onDone={onClose} /> : null}
    </Modal>
  );
}
