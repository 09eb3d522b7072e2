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
  {
    withRules,
    ...options
  }: Omit<UseFormProps<V, unknown, O>, 'resolver'> & {
    /**
     * Rules on the raw values added to the schema's answer, for what a zod refinement cannot say while another
     * field of the same item is wrong (Book Ticket's group rules, decision 029).
     */
    withRules?: (base: Resolver<V, unknown, O>) => Resolver<V, unknown, O>;
  } = {},
) {
  const base = zodResolver(schema as never) as unknown as Resolver<V, unknown, O>;
  return useForm<V, unknown, O>({
    mode: 'onTouched',
    ...options,
    resolver: withRules ? withRules(base) : base,
  });
}
