import { type SyntheticEvent, useId, useState } from 'react';

import { useVehicleOptions, type VehicleChoice } from '../api/vehicles';
import type { ChosenVehicle } from '../fits';

const NONE: VehicleChoice = { year: '', make: '', model: '' };

/** One select of the picker: labelled, and disabled until the choices before it are made. */
function PickerSelect({
  label,
  value,
  options,
  disabled,
  onChange,
}: {
  label: string;
  value: string;
  options: readonly (readonly [value: string, text: string])[];
  disabled: boolean;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className="flex min-w-0 flex-[1_1_9rem] flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <select
        id={id}
        className="select w-full"
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">{disabled ? '—' : `Choose the ${label.toLowerCase()}`}</option>
        {options.map(([optionValue, text]) => (
          <option key={optionValue} value={optionValue}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * Year → Make → Model → Trim, each select listing only what the shop sells for given the ones
 * before it; a choice clears the ones after it. `onPick` gets the vehicle in that year.
 */
export function VehiclePicker({
  onPick,
  submitText = 'Shop for this vehicle',
}: {
  onPick: (vehicle: ChosenVehicle) => void;
  submitText?: string;
}) {
  const [choice, setChoice] = useState(NONE);
  const [key, setKey] = useState('');
  const options = useVehicleOptions(choice).data;
  const vehicle = options?.vehicles.find((v) => v.key === key);
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    if (vehicle) onPick({ key: vehicle.key, name: vehicle.name });
  };
  return (
    <form
      aria-label="Choose your vehicle"
      onSubmit={submit}
      className="flex flex-wrap items-end gap-3"
    >
      <PickerSelect
        label="Year"
        value={choice.year}
        options={(options?.years ?? []).map((year) => [String(year), String(year)] as const)}
        disabled={false}
        onChange={(year) => {
          setChoice({ ...NONE, year });
          setKey('');
        }}
      />
      <PickerSelect
        label="Make"
        value={choice.make}
        options={choice.year ? (options?.makes ?? []).map((make) => [make, make] as const) : []}
        disabled={!choice.year}
        onChange={(make) => {
          setChoice({ ...choice, make, model: '' });
          setKey('');
        }}
      />
      <PickerSelect
        label="Model"
        value={choice.model}
        options={choice.make ? (options?.models ?? []).map((model) => [model, model] as const) : []}
        disabled={!choice.make}
        onChange={(model) => {
          setChoice({ ...choice, model });
          setKey('');
        }}
      />
      <PickerSelect
        label="Trim"
        value={key}
        options={choice.model ? (options?.vehicles ?? []).map((v) => [v.key, v.trim] as const) : []}
        disabled={!choice.model}
        onChange={setKey}
      />
      <button type="submit" className="btn btn-primary" aria-disabled={!vehicle || undefined}>
        {submitText}
      </button>
    </form>
  );
}
