//! Hugo's rules.
use std::path::{Path, PathBuf};
use crate::{ContentScan, Error, Site, SiteOptions};
#[derive(Debug)]
pub(crate) struct HugoConfig {}
pub(crate) fn open(_root: &Path, _config_path: PathBuf, _options: &SiteOptions) -> Result<Site, Error> { todo!() }
pub(crate) fn scan(_site: &Site, _cfg: &HugoConfig) -> Result<ContentScan, Error> { todo!() }
