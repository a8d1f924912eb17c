export {
  addBanner,
  bannerForStaff,
  bannerPictures,
  bannersForStaff,
  changeBanner,
  forgetBanners,
  liveBanners,
} from './banners.ts';
export { createBanner, removeBanner, updateBanner } from './staff.ts';
