import { fireEvent, screen, waitFor, within } from '@testing-library/react';

/** Open an antd select by its label and pick the option with this text (waiting for options loaded async). */
export async function choose(label: string, option: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  const item = await waitFor(() => {
    const dropdowns = [...document.querySelectorAll('.ant-select-dropdown')].filter(
      (d) => !d.classList.contains('ant-select-dropdown-hidden'),
    );
    const last = dropdowns.at(-1);
    if (!last) throw new Error(`no dropdown for ${label}`);
    return within(last as HTMLElement).getByTitle(option);
  });
  fireEvent.click(item);
}
