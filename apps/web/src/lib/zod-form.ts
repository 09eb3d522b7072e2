import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type FieldValues, type Resolver, type UseFormProps } from 'react-hook-form';
import type { z } from 'zod';

/**
 * The one way a form is made from a contract schema: the zod resolver and validation as the user leaves a
 * field, then again at each keystroke of a field already marked wrong ('onTouched'), not only on submit.
 * `V` is what the inputs hold, `O` what the schema turns it into (the request body). A form whose schema
 * changes with its state (an image kept or removed) passes the schema of the render; react-hook-form
 * reads the resolver afresh each render.
 */
export function useZodForm<V extends FieldValues, O = V>(
  schema: z.ZodType,
  options: Omit<UseFormProps<V, unknown, O>, 'resolver'> = {},
) {
  return useForm<V, unknown, O>({
    mode: 'onTouched',
    ...options,
    resolver: zodResolver(schema as never) as unknown as Resolver<V, unknown, O>,
  });
}
