import { geoEqualEarth, geoPath } from 'd3-geo';
import type { Feature, Geometry } from 'geojson';
import { numericToAlpha2 } from 'i18n-iso-countries';
import { useTranslation } from 'react-i18next';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
// Natural Earth's 1:110m countries, shipped inside the npm package: nothing is fetched at run
// time, and this module is its own chunk, loaded only when a dashboard shows the map.
import atlas from 'world-atlas/countries-110m.json';
import { formatCount } from '@/lib/format-number';

type CountryProperties = { name: string };
type Atlas = Topology<{ countries: GeometryCollection<CountryProperties> }>;

const WIDTH = 960;
const HEIGHT = 470;
const ANTARCTICA = '010';

type Country = { alpha2: string | undefined; name: string; path: string };

// Projected once per page load: the shapes never change, only their colours.
const countries: Country[] = (() => {
  const topology = atlas as unknown as Atlas;
  const collection = feature(topology, topology.objects.countries);
  // Nobody sells from Antarctica; leaving it out gives the inhabited world the space.
  const shapes = collection.features.filter((shape) => shape.id !== ANTARCTICA);
  const projection = geoEqualEarth().fitSize([WIDTH, HEIGHT], {
    type: 'FeatureCollection',
    features: shapes,
  });
  const toPath = geoPath(projection);
  return shapes.map((shape: Feature<Geometry, CountryProperties>) => ({
    // A few disputed territories have no ISO number; they are drawn but never coloured.
    alpha2: shape.id === undefined ? undefined : numericToAlpha2(shape.id),
    name: shape.properties.name,
    path: toPath(shape) ?? '',
  }));
})();

type WorldMapProps = {
  /** Users per ISO 3166-1 alpha-2 country. */
  users: ReadonlyMap<string, number>;
  countryName: (alpha2: string) => string;
};

/**
 * Countries shaded by how many users live there, on a logarithmic scale so one big market does
 * not wash out the rest. Geography does not mirror in Arabic; the page around it does.
 */
export function WorldMap({ users, countryName }: WorldMapProps) {
  const { t, i18n } = useTranslation('dashboard');
  const most = Math.max(1, ...users.values());
  const shade = (count: number) => 0.3 + 0.7 * (Math.log1p(count) / Math.log1p(most));

  return (
    <svg
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      role="img"
      aria-label={t('map.imageLabel')}
      className="h-auto w-full"
    >
      {countries.map((country, index) => {
        const count = country.alpha2 ? (users.get(country.alpha2) ?? 0) : 0;
        const name = country.alpha2 ? countryName(country.alpha2) : country.name;
        return (
          <path
            key={country.alpha2 ?? `${country.name}-${index}`}
            d={country.path}
            className={
              count > 0
                ? 'fill-primary stroke-surface transition-opacity hover:opacity-80'
                : 'fill-border stroke-surface'
            }
            fillOpacity={count > 0 ? shade(count) : 1}
            strokeWidth={0.5}
          >
            <title>
              {t('map.countryUsers', { country: name, users: formatCount(count, i18n.language) })}
            </title>
          </path>
        );
      })}
    </svg>
  );
}
