import { useSearchParams } from 'react-router';

/** A list's page in the query (?page=, from 1), and the setter the pager calls; other parameters are kept. */
export function usePageParam(): [page: number, setPage: (page: number) => void] {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const setPage = (p: number) =>
    setParams((prev) => {
      const q = new URLSearchParams(prev);
      q.set('page', String(p));
      return q;
    });
  return [page, setPage];
}
