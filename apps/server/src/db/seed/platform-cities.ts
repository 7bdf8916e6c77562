/**
 * The platform's cities: the first batch of pilot cities of China's policy of government procurement supporting
 * green building materials (财政部 住房城乡建设部, 2020). `letter` is the first label of the city site's host name.
 */
export interface PlatformCitySource {
  cityCode: string;
  /** For readers of this file only: names shown to users come from the division table. */
  name: string;
  letter: string;
}

export const platformCitySource: readonly PlatformCitySource[] = [
  { cityCode: '320100', name: '南京市', letter: 'nj' },
  { cityCode: '330100', name: '杭州市', letter: 'hz' },
  { cityCode: '330500', name: '湖州市', letter: 'huz' },
  { cityCode: '330600', name: '绍兴市', letter: 'sx' },
  { cityCode: '370200', name: '青岛市', letter: 'qd' },
  { cityCode: '440600', name: '佛山市', letter: 'fs' },
];
