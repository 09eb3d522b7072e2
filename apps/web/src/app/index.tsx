import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { createAppRouter } from './router';
import { ShellProvider } from './shell-provider';

export function App() {
  const [router] = useState(createAppRouter);
  return (
    <ShellProvider>
      <RouterProvider router={router} />
    </ShellProvider>
  );
}
