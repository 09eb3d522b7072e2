import { Grid, TextInput } from '@mantine/core';
import {
  addSectorBodySchema,
  buildSectorName,
  updateSectorBodySchema,
  type AddSectorBody,
  type Sector,
  type UpdateSectorBody,
} from '@portal/contract/sectors';
import { useWatch } from 'react-hook-form';
import { EntityFormModal, FormActions, useEntitySubmit } from '@/components/entity-form';
import { useZodForm } from '@/lib/zod-form';
import { useCreateSector } from '../api/create-sector';
import { useUpdateSector } from '../api/update-sector';

type SectorFormValues = { from_sector: string; from_city: string; to_sector: string; to_city: string };

const FIELDS = [
  { name: 'from_sector', label: 'From Sector', placeholder: 'LHE' },
  { name: 'from_city', label: 'From City', placeholder: 'LAHORE' },
  { name: 'to_sector', label: 'To Sector', placeholder: 'JED' },
  { name: 'to_city', label: 'To City', placeholder: 'JEDDAH' },
] as const;

type SectorFormProps = { sector?: Sector; onDone: () => void };

/** Add/Edit sector (001 §2, §5): four required fields forced to upper case as typed; the name is FROM - TO, read-only. */
function SectorForm({ sector, onDone }: SectorFormProps) {
  const form = useZodForm<SectorFormValues, AddSectorBody | UpdateSectorBody>(sector ? updateSectorBodySchema : addSectorBodySchema, {
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

  const { submit, saving } = useEntitySubmit({
    form,
    fields: FIELDS.map((field) => field.name),
    id: sector?.id,
    create: useCreateSector(),
    update: useUpdateSector(),
    onDone,
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
          <FormActions onCancel={onDone} saving={saving} />
        </Grid.Col>
      </Grid>
    </form>
  );
}

type SectorFormModalProps = { opened: boolean; onClose: () => void; sector?: Sector };

export function SectorFormModal({ opened, onClose, sector }: SectorFormModalProps) {
  return (
    <EntityFormModal opened={opened} onClose={onClose} title={sector ? 'Edit Sector' : 'Add New sector'}>
      <SectorForm sector={sector} onDone={onClose} />
    </EntityFormModal>
  );
}
