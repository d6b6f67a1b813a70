import { Search } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { buttonStyles } from '../../../components/ui/button-styles';
import { inputClass } from '../../../components/ui/text-field';

type SearchBoxProps = {
  label: string;
  value: string;
  onSearch: (text: string) => void;
};

/** A search submitted with Enter or the button (one request per search, not per key). */
export function SearchBox({ label, value, onSearch }: SearchBoxProps) {
  const [text, setText] = useState(value);
  const id = useId();
  useEffect(() => setText(value), [value]);
  return (
    <form
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(text.trim());
      }}
      className="flex min-w-60 flex-1 items-end gap-2"
    >
      <div className="flex flex-1 flex-col gap-1.5">
        <label htmlFor={id} className="text-sm font-medium text-ink">
          {label}
        </label>
        <input
          id={id}
          type="search"
          value={text}
          maxLength={100}
          onChange={(event) => setText(event.target.value)}
          className={inputClass}
        />
      </div>
      <button type="submit" className={`${buttonStyles.secondary} h-10.5`}>
        <Search className="size-4" aria-hidden />
        Search
      </button>
    </form>
  );
}

type FilterProps<T extends string> = {
  label: string;
  value: T;
  options: readonly { value: T; label: string }[];
  onChange: (value: T) => void;
};

/** A labelled select that changes the list at once. */
export function Filter<T extends string>({ label, value, options, onChange }: FilterProps<T>) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-ink">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value as T)}
        className={`${inputClass} w-auto pr-8`}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
