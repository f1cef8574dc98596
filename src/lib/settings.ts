import { proxy, subscribe } from 'valtio'

export type LayoutType = 'vertical' | 'horizontal'
export type Skin = 'light' | 'dark'

interface LayoutSettings {
  layoutType: LayoutType
  skin: Skin
  rtl: boolean
  navbar: 'floating'
  footer: 'static'
  contentWidth: 'full'
  routerTransition: 'zoom-fade'
}

// §9: the skin is saved under its own local key; the rest of the customizer beside it.
const skinKey = 'skin'
const layoutKey = 'layout-settings'

const defaults: LayoutSettings = {
  layoutType: 'vertical',
  skin: 'light',
  rtl: false,
  navbar: 'floating',
  footer: 'static',
  contentWidth: 'full',
  routerTransition: 'zoom-fade',
}

function load(): LayoutSettings {
  let saved: Partial<LayoutSettings> = {}
  try {
    saved = JSON.parse(localStorage.getItem(layoutKey) ?? '{}') as Partial<LayoutSettings>
  } catch {
    // A damaged entry falls back to the defaults.
  }
  const skin = localStorage.getItem(skinKey)
  return {
    ...defaults,
    layoutType: saved.layoutType === 'horizontal' ? 'horizontal' : 'vertical',
    rtl: saved.rtl === true,
    skin: skin === 'dark' ? 'dark' : 'light',
  }
}

export const layoutSettings = proxy<LayoutSettings>(load())

function apply(s: LayoutSettings) {
  const root = document.documentElement
  root.dataset.skin = s.skin
  root.dir = s.rtl ? 'rtl' : 'ltr'
}

/**
 * Applies the settings saved on this device to the page now (read again: another page may have
 * changed them since this module was loaded) and keeps them applied and saved as they change.
 */
export function bindLayoutSettings() {
  Object.assign(layoutSettings, load())
  apply(layoutSettings)
  return subscribe(layoutSettings, () => {
    apply(layoutSettings)
    localStorage.setItem(skinKey, layoutSettings.skin)
    localStorage.setItem(
      layoutKey,
      JSON.stringify({ layoutType: layoutSettings.layoutType, rtl: layoutSettings.rtl }),
    )
  })
}
