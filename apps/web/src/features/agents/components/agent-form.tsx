import { Button, Grid, Group, Select, Textarea, TextInput } from '@mantine/core';
import {
  addAgentBodySchema,
  updateAgentBodySchema,
  type AddAgentBody,
  type Agent,
  type UpdateAgentBody,
} from '@portal/contract/agents';
import { requiredFileField } from '@portal/contract/files';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { ImagePicker } from '@/components/image-picker';
import { DEFAULT_COUNTRY } from '@/config/constants';
import { COUNTRIES } from '@/config/countries';
import { useReportDirty } from '@/lib/discard-guard';
import { fieldsOf, showFormError } from '@/lib/form-errors';
import { notifySuccess } from '@/lib/notify';
import { useZodForm } from '@/lib/zod-form';
import { useCreateAgent } from '../api/create-agent';
import { useUpdateAgent } from '../api/update-agent';

export type AgentFormValues = {
  name: string;
  email: string;
  phone: string;
  agency_name: string;
  propriter_name: string;
  office_no: string;
  office_address: string;
  city: string;
  country: string;
  /** PRODUCT §6: whole PKR; empty = unlimited. */
  credit_limit: string;
  image: File | null;
};

type AgentBody = AddAgentBody | UpdateAgentBody;

const FIELDS = [
  'name', 'email', 'phone', 'agency_name', 'propriter_name', 'office_no', 'office_address', 'city', 'country', 'credit_limit', 'image',
] as const;
const toField = fieldsOf<AgentFormValues>(FIELDS);

/** 001 §5: editing an agent without a picture (or after 'Remove Image') needs a new one. */
const updateWithNewImageSchema = updateAgentBodySchema.extend({ image: requiredFileField('image') });

function valuesOf(agent: Agent | undefined): AgentFormValues {
  return {
    name: agent?.name ?? '',
    email: agent?.email ?? '',
    phone: agent?.phone ?? '',
    agency_name: agent?.agency_name ?? '',
    propriter_name: agent?.propriter_name ?? '',
    office_no: agent?.office_no ?? '',
    office_address: agent?.office_address ?? '',
    city: agent?.city ?? '',
    country: agent?.country || DEFAULT_COUNTRY,
    credit_limit: agent?.credit_limit === null || agent?.credit_limit === undefined ? '' : String(agent.credit_limit),
    image: null,
  };
}

type AgentFormProps = {
  agent?: Agent;
  onDone: () => void;
  /** Cancel: the dialog's guarded close (asks before discarding typed data); onDone without it. */
  onCancel?: () => void;
  onDirtyChange?: (dirty: boolean) => void;
};

/**
 * Add Agent / Edit Agent form (001 §2, §5): name and phone required, e-mail optional, country from the
 * fixed list (default Pakistan), image required for a new agent and for one that has none. The server's
 * 422 field errors land on the fields; its message is toasted on success (001 §8).
 */
export function AgentForm({ agent, onDone, onCancel = onDone, onDirtyChange }: AgentFormProps) {
  const [keepImage, setKeepImage] = useState(Boolean(agent?.image));
  const createMutation = useCreateAgent();
  const updateMutation = useUpdateAgent();
  const schema = !agent ? addAgentBodySchema : keepImage ? updateAgentBodySchema : updateWithNewImageSchema;
  // Checked as the admin leaves a field and then as it types (useZodForm), not only on Save.
  const form = useZodForm<AgentFormValues, AgentBody>(schema, { defaultValues: valuesOf(agent) });
  const { errors } = form.formState;
  useReportDirty(form.formState.isDirty, onDirtyChange);
  // A stored country the list does not know stays choosable rather than silently blank.
  const countries = agent?.country && !COUNTRIES.includes(agent.country) ? [agent.country, ...COUNTRIES] : [...COUNTRIES];

  const submit = form.handleSubmit((body) => {
    const callbacks = {
      onSuccess: (answer: { message: string }) => {
        notifySuccess(answer.message);
        onDone();
      },
      onError: (error: unknown) => showFormError(error, form.setError, toField),
    };
    if (agent) updateMutation.mutate({ id: agent.id, body: body as UpdateAgentBody }, callbacks);
    else createMutation.mutate(body as AddAgentBody, callbacks);
  });

  const half = { base: 12, sm: 6 };
  return (
    <form noValidate onSubmit={submit}>
      <Grid gap="md">
        <Grid.Col span={half}>
          <TextInput label="Name" required data-autofocus error={errors.name?.message} {...form.register('name')} />
        </Grid.Col>
        <Grid.Col span={half}>
          <TextInput label="Email" type="email" autoComplete="off" error={errors.email?.message} {...form.register('email')} />
        </Grid.Col>
        <Grid.Col span={half}>
          <TextInput label="Phone" type="tel" required placeholder="+92 3xx xxxxxxx" error={errors.phone?.message} {...form.register('phone')} />
        </Grid.Col>
        <Grid.Col span={half}>
          <TextInput label="Agency Name" error={errors.agency_name?.message} {...form.register('agency_name')} />
        </Grid.Col>
        <Grid.Col span={half}>
          <TextInput label="Proprietor Name" error={errors.propriter_name?.message} {...form.register('propriter_name')} />
        </Grid.Col>
        <Grid.Col span={half}>
          <TextInput label="Office No" type="tel" error={errors.office_no?.message} {...form.register('office_no')} />
        </Grid.Col>
        <Grid.Col span={12}>
          <Textarea label="Office Address" autosize minRows={2} error={errors.office_address?.message} {...form.register('office_address')} />
        </Grid.Col>
        <Grid.Col span={half}>
          <TextInput label="City" error={errors.city?.message} {...form.register('city')} />
        </Grid.Col>
        <Grid.Col span={half}>
          <Controller
            control={form.control}
            name="country"
            render={({ field }) => (
              <Select
                label="Country"
                searchable
                allowDeselect={false}
                data={countries}
                value={field.value}
                onChange={(value) => field.onChange(value ?? DEFAULT_COUNTRY)}
                onBlur={field.onBlur}
                error={errors.country?.message}
                comboboxProps={{ withinPortal: true }}
              />
            )}
          />
        </Grid.Col>
        <Grid.Col span={half}>
          <TextInput
            label="Credit Limit (PKR)"
            inputMode="numeric"
            placeholder="Unlimited"
            description="Empty: unlimited"
            error={errors.credit_limit?.message}
            {...form.register('credit_limit')}
          />
        </Grid.Col>
        <Grid.Col span={12}>
          <Controller
            control={form.control}
            name="image"
            render={({ field }) => (
              <ImagePicker
                label="Image"
                required={!keepImage}
                value={field.value}
                onChange={field.onChange}
                existingUrl={keepImage ? agent?.image : null}
                onRemoveExisting={() => setKeepImage(false)}
                error={errors.image?.message}
              />
            )}
          />
        </Grid.Col>
        <Grid.Col span={12}>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onCancel}>
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
