import { NumberInput, type NumberInputProps } from '@mantine/core';
import type { WheelEvent } from 'react';

/**
 * A whole-number input that ignores the mouse wheel (001 §5): scrolling the page over a focused
 * field must never change a fare or a seat count. The field loses focus, so the page scrolls instead.
 */
export function NumberField(props: NumberInputProps) {
  return (
    <NumberInput
      allowDecimal={false}
      allowNegative={false}
      hideControls
      {...props}
      onWheel={(event: WheelEvent<HTMLInputElement>) => {
        event.currentTarget.blur();
        props.onWheel?.(event);
      }}
    />
  );
}
