//! The policy's list of the image's modules (`image_modules` in
//! `assets/policy/profile.json`) is the image's: Python run in the sandbox
//! lists the standard-library modules it can find and the top-level
//! modules of its site folders, and both must equal the profile's lists,
//! so a package added to or removed from the image cannot leave the policy
//! telling a wrong story ("no module X" for one that is there).

use serde_json::Value;

use crate::support::*;

/// Lists, as JSON, the public top-level modules the image has: the names of
/// `sys.stdlib_module_names` it can find, and what the site folders hold
/// (modules, packages, and folders of packages such as `mpl_toolkits`).
const LIST_MODULES: &str = r#"
import importlib.util, json, os, pkgutil, sys
stdlib = sorted(n for n in sys.stdlib_module_names
                if not n.startswith("_") and importlib.util.find_spec(n) is not None)
sites = [p for p in sys.path if p.endswith(("site-packages", "dist-packages")) and os.path.isdir(p)]
packages = {m.name for m in pkgutil.iter_modules(sites)}
for site in sites:
    for entry in os.listdir(site):
        full = os.path.join(site, entry)
        if entry.isidentifier() and os.path.isdir(full) and any(pkgutil.iter_modules([full])):
            packages.add(entry)
print(json.dumps({"stdlib": stdlib, "packages": sorted(p for p in packages if not p.startswith("_"))}))
"#;

/// The profile's `image_modules`, read as the policy reads it.
fn profile_modules() -> Value {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../assets/policy/profile.json");
    let text = std::fs::read_to_string(path).expect("read profile.json");
    let profile: Value = serde_json::from_str(&text).expect("profile is JSON");
    profile["image_modules"].clone()
}

fn sorted(list: &Value) -> Vec<String> {
    let mut names: Vec<String> = list
        .as_array()
        .unwrap_or_else(|| panic!("a list: {list}"))
        .iter()
        .map(|v| v.as_str().expect("a name").to_owned())
        .collect();
    names.sort();
    names
}

#[test]
fn the_policy_lists_exactly_the_modules_of_the_image() {
    let (_w, o) = run_case(LIST_MODULES, glovebox_sandbox::Limits::default());
    assert_eq!(o.exit_code, Some(0), "stderr: {}", o.stderr);
    let image = json_of(&o);
    let profile = profile_modules();
    for list in ["stdlib", "packages"] {
        let (have, listed) = (sorted(&image[list]), sorted(&profile[list]));
        let missing: Vec<&String> = have.iter().filter(|m| !listed.contains(m)).collect();
        let extra: Vec<&String> = listed.iter().filter(|m| !have.contains(m)).collect();
        assert!(
            missing.is_empty() && extra.is_empty(),
            "{list}: in the image but not in profile.json: {missing:?}; in profile.json but not in the image: {extra:?}"
        );
    }
    // The analysis packages of the issue are there, by import name.
    let packages = sorted(&image["packages"]);
    for name in [
        "pandas",
        "numpy",
        "scipy",
        "matplotlib",
        "seaborn",
        "statsmodels",
        "sklearn",
        "openpyxl",
        "pyarrow",
        "tabulate",
        "odf",
        "xlrd",
        "joblib",
        "patsy",
        "dateutil",
        "PIL",
    ] {
        assert!(packages.iter().any(|p| p == name), "{name} in {packages:?}");
    }
}
