export {
  addBanner,
  bannerPictures,
  bannersForStaff,
  changeBanner,
  deleteBanner,
  forgetBanners,
  liveBanners,
} from './banners.ts';
