import { Button, Group, Modal } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { Controller, type Control, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { ImagePicker } from '@/components/image-picker';
import { fieldsOf, showFormError } from '@/lib/form-errors';
import { notifySuccess } from '@/lib/notify';

/**
 * The one way a catalogue record (airline, sector, my sector, banner, dashboard button, administrator) is
 * added or edited in a dialog: the dialog mounts its form only while open (a fresh form each time), the
 * form saves through the feature's create or update mutation, toasts the server's message (001 §8) and
 * closes, or puts a 422 on its fields.
 */

type EntityFormModalProps = { opened: boolean; onClose: () => void; title: string; children: ReactNode };

export function EntityFormModal({ opened, onClose, title, children }: EntityFormModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={title}>
      {opened ? children : null}
    </Modal>
  );
}

type Saved = { message: string };

/** What the form needs of a TanStack mutation (the create or update hook's result). */
type Mutation<Variables, Answer> = {
  isPending: boolean;
  mutate: (variables: Variables, options: { onSuccess: (answer: Answer) => void; onError: (error: Error) => void }) => void;
};

type EntitySubmitOptions<V extends FieldValues, O, C, B, A extends Saved, U extends Saved> = {
  form: UseFormReturn<V, unknown, O>;
  /** The fields a 422 may name. */
  fields: readonly Path<V>[];
  /** Edit mode when set. */
  id?: number;
  /** Takes the form's output in add mode (the add schema's body). */
  create: Mutation<C, A>;
  /** Takes `{id, body}` with the form's output in edit mode (the update schema's body). */
  update: Mutation<{ id: number; body: B }, U>;
  onDone: () => void;
  /** Add mode: told about the new record once it is saved. */
  onCreated?: (answer: A) => void;
};

/** Submit handler and saving flag of an add/edit form (see above). */
export function useEntitySubmit<V extends FieldValues, O, C, B, A extends Saved, U extends Saved>({
  form,
  fields,
  id,
  create,
  update,
  onDone,
  onCreated,
}: EntitySubmitOptions<V, O, C, B, A, U>) {
  const onError = (error: unknown) => showFormError(error, form.setError, fieldsOf<V>(fields));
  // The schema of the mode made `body`: the add body when adding, the update body when editing.
  const submit = form.handleSubmit((body) => {
    const saved = (answer: Saved) => {
      notifySuccess(answer.message);
      onDone();
    };
    if (id !== undefined) {
      update.mutate({ id, body: body as unknown as B }, { onSuccess: saved, onError });
    } else {
      create.mutate(body as unknown as C, {
        onSuccess: (answer) => {
          onCreated?.(answer);
          saved(answer);
        },
        onError,
      });
    }
  });
  return { submit, saving: create.isPending || update.isPending };
}

/** Cancel and Save, right-aligned, at the foot of every add/edit form. */
export function FormActions({ onCancel, saving }: { onCancel: () => void; saving: boolean }) {
  return (
    <Group justify="flex-end" gap="sm">
      <Button variant="default" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" loading={saving} disabled={saving}>
        Save
      </Button>
    </Group>
  );
}

/**
 * Edit mode keeps the stored image until 'Remove Image'; from then on (and when adding, or editing a
 * record without one) choosing a file is required (001 §4-§5). Returns whether it is kept and the remover.
 */
export function useKeptImage(existingUrl: string | null | undefined) {
  const [keep, setKeep] = useState(Boolean(existingUrl));
  return { keep, remove: () => setKeep(false) };
}

type ImageFieldProps<V extends FieldValues, O> = {
  control: Control<V, unknown, O>;
  name: Path<V>;
  label: string;
  existingUrl: string | null | undefined;
  image: ReturnType<typeof useKeptImage>;
  error?: string;
};

/** The picture of a catalogue record: the picker with the stored image while it is kept. */
export function ImageField<V extends FieldValues, O>({ control, name, label, existingUrl, image, error }: ImageFieldProps<V, O>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <ImagePicker
          label={label}
          required={!image.keep}
          value={field.value}
          onChange={field.onChange}
          existingUrl={image.keep ? existingUrl : null}
          onRemoveExisting={image.remove}
          error={error}
        />
      )}
    />
  );
}
