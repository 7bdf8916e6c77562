import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { productApi } from '../api.ts';
import { specItem, units } from '../test-data.ts';
import { choose } from '../test-select.ts';
import { renderWithProviders } from '../testing.tsx';
import { isValidMass, isValidMinOrder, isValidPrice } from './rules.ts';
import { SpecFormModal } from './SpecFormModal.tsx';

beforeEach(() => {
  vi.spyOn(productApi, 'units').mockResolvedValue(units);
});
afterEach(() => vi.restoreAllMocks());

const save = () => fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
const type = (label: string, value: string) => {
  const input = screen.getByLabelText(label);
  fireEvent.change(input, { target: { value } });
  fireEvent.blur(input);
};

describe('spec rules', () => {
  it('takes prices of at least 0 with at most two decimals', () => {
    for (const ok of ['0', '0.5', '12.50', '320']) expect(isValidPrice(ok)).toBe(true);
    for (const bad of ['-1', '1.234', 'abc', '', '1e3']) expect(isValidPrice(bad)).toBe(false);
  });
  it('takes minimum orders above 0', () => {
    for (const ok of ['1', '0.5', '20.125']) expect(isValidMinOrder(ok)).toBe(true);
    for (const bad of ['0', '0.000', '-2', '1.2345', '']) expect(isValidMinOrder(bad)).toBe(false);
  });
  it('takes a mass per unit above 0 with at most four decimals, up to the contract’s limit', () => {
    for (const ok of ['6', '9.6', '0.0001', '1000000']) expect(isValidMass(ok)).toBe(true);
    for (const bad of ['0', '-1', '1.23456', '1000000.5', 'abc', '']) expect(isValidMass(bad)).toBe(false);
  });
});

describe('SpecFormModal', { timeout: 60_000 }, () => {
  it('refuses a minimum order of 0 and missing fields, and never calls the server', async () => {
    const saveSpec = vi.spyOn(productApi, 'saveSpec');
    renderWithProviders(<SpecFormModal open productId={1} onClose={vi.fn()} onSaved={vi.fn()} />);
    type('起订量', '0');
    save();
    expect(await screen.findByText('起订量应大于 0')).toBeInTheDocument();
    expect(screen.getByText('请输入规格名称')).toBeInTheDocument();
    expect(screen.getByText('请选择计量单位')).toBeInTheDocument();
    expect(screen.getByText('请输入单价')).toBeInTheDocument();
    expect(saveSpec).not.toHaveBeenCalled();
  });

  it('keeps prices to two decimals and never negative while typing', async () => {
    renderWithProviders(<SpecFormModal open productId={1} onClose={vi.fn()} onSaved={vi.fn()} />);
    const price = screen.getByLabelText('单价（元）') as HTMLInputElement;
    fireEvent.change(price, { target: { value: '-12.345' } });
    expect(price.value).toBe('12.34');
  });

  it('sends a valid specification with the product id', async () => {
    const saveSpec = vi.spyOn(productApi, 'saveSpec').mockResolvedValue({ id: 7 });
    const onSaved = vi.fn();
    renderWithProviders(<SpecFormModal open productId={3} onClose={vi.fn()} onSaved={onSaved} />);
    type('规格名称', 'B06 A5.0');
    type('型号', '600×240×200');
    await choose('计量单位', '立方米');
    type('单价（元）', '320.5');
    type('起订量', '20');
    save();
    await waitFor(() =>
      expect(saveSpec).toHaveBeenCalledWith({
        productId: 3,
        name: 'B06 A5.0',
        model: '600×240×200',
        unitId: 31,
        price: '320.5',
        minOrder: '20',
        massPerUnitKg: null,
        status: 1,
      }),
    );
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
  });

  it('sends the mass per unit, and tells what it is for', async () => {
    const saveSpec = vi.spyOn(productApi, 'saveSpec').mockResolvedValue({ id: 5 });
    renderWithProviders(
      <SpecFormModal
        open
        productId={1}
        spec={specItem(5, { massPerUnitKg: '600' })}
        onClose={vi.fn()}
        onSaved={vi.fn()}
      />,
    );
    expect(screen.getByText('用于计算运输碳排放（GB/T 51366）；不填则碳排放显示为缺少质量')).toBeInTheDocument();
    const mass = screen.getByLabelText('单位质量(kg)') as HTMLInputElement;
    await waitFor(() => expect(mass.value).toBe('600'));
    type('单位质量(kg)', '9.61234');
    expect(mass.value).toBe('9.6123');
    save();
    await waitFor(() => expect(saveSpec).toHaveBeenCalledWith(expect.objectContaining({ massPerUnitKg: '9.6123' })));
    saveSpec.mockClear();
    type('单位质量(kg)', '');
    save();
    await waitFor(() => expect(saveSpec).toHaveBeenCalledWith(expect.objectContaining({ massPerUnitKg: null })));
  });

  it('edits an existing specification by its id', async () => {
    const saveSpec = vi.spyOn(productApi, 'saveSpec').mockResolvedValue({ id: 5 });
    renderWithProviders(<SpecFormModal open productId={1} spec={specItem(5)} onClose={vi.fn()} onSaved={vi.fn()} />);
    await waitFor(() => expect((screen.getByLabelText('规格名称') as HTMLInputElement).value).toBe('B06 A5.0'));
    save();
    await waitFor(() => expect(saveSpec).toHaveBeenCalledWith(expect.objectContaining({ id: 5, price: '320.00' })));
  });
});
